import { describe, expect, test } from 'vitest';
import { EventPipeline } from '../../main/core/event-pipeline';
import { happeningKey } from '../../main/core/event-pipeline';
import type { Happening } from '../../main/core/happening';
import type { ReplayedDelivery } from '../../main/core/ports';
import type { DecidedNotification } from '../../main/core/notification-policy';
import {
  missedItems,
  missedSummary,
  planRecovery,
  filesSettledBy,
  recoverJournal,
} from '../../main/core/recovery';
import { makeNotification } from '../fakes/history-records';
import { defaultSettings } from '../../shared/settings';
import { FakeClock } from '../fakes/core-harness';
import { parsedWebhook } from '../fakes/parsed-webhook';
import { relativePathFor, v2 } from '../helpers/recorder-events';

const MINUTE = 60_000;
const FRESH_MS = 10 * MINUTE;
const ROOM = { roomId: 23058, name: '3号直播间' };
const OTHER = { roomId: 8792912, name: '小明' };

/** A run of the app's core over a history that outlives it (the files on disk), on a fake clock. */
function appRun(clock: FakeClock, history: { decisions: DecidedNotification[]; files: string[] }) {
  const settings = defaultSettings();
  const pipeline = new EventPipeline(
    {
      clock: clock.read,
      setTimer: clock.setTimer,
      settings: () => ({ ...settings.notifications, language: 'en' }),
      actionFor: () => undefined,
    },
    {
      // As the app's wiring: a decision of a key already recorded is a no-op.
      decided: (record) => {
        const key = record.notification.key;
        if (key && history.decisions.some((d) => d.notification.key === key)) return;
        history.decisions.push(record);
      },
      happened: (happening) => listFile(happening),
    },
  );
  const listFile = (happening: Happening) => {
    if (happening.kind !== 'FileClosed' || !happening.key) return;
    if (!history.files.includes(happening.key)) history.files.push(happening.key);
  };
  // As the app's recovery: the state rebuilt from the entries up to the mark, then the rest run.
  const recover = (journal: readonly ReplayedDelivery[], processedThrough: number) => {
    pipeline.rebuild(journal.filter((entry) => entry.seq <= processedThrough));
    return recoverJournal(pipeline, journal, {
      processedThrough,
      now: clock.now,
      freshMs: FRESH_MS,
      language: 'en',
      hasDecision: (key) => history.decisions.some((d) => d.notification.key === key),
      hasFile: (key) => history.files.includes(key),
      listFile,
    });
  };
  return { pipeline, recover };
}

/** A journal: a live stream with one finished file (V2 and V1), then a second room goes live. */
function journal(start: number): ReplayedDelivery[] {
  const sessionId = '0f7a61e1-7c7a-4f52-9a4f-2b1d1f6c2d3e';
  const file = { SessionId: sessionId, RelativePath: relativePathFor(ROOM, 1), FileOpenTime: '' };
  const bodies = [
    v2('StreamStarted', ROOM, 0, {}, { streaming: true, recording: false }),
    v2('SessionStarted', ROOM, 1, { SessionId: sessionId }),
    v2('FileClosed', ROOM, 60, {
      ...file,
      FileOpenTime: '2024-03-17T20:37:01.0000000+08:00',
      FileCloseTime: '2024-03-17T20:38:00.0000000+08:00',
      FileSize: 1024,
      Duration: 59,
    }),
    v2('StreamStarted', OTHER, 61, {}, { streaming: true, recording: false }),
  ];
  return bodies.map((body, index) => ({
    webhook: parsedWebhook(body),
    receivedAt: start + index * 1000,
    seq: index + 1,
  }));
}

describe('recoverJournal', () => {
  test('a crash while a burst was held: the rest runs at start-up and pops up once, as usual', async () => {
    const clock = new FakeClock();
    const history = { decisions: [] as DecidedNotification[], files: [] as string[] };
    const entries = journal(clock.now);
    // The first run takes all four: the recording start is decided at once (switched off by
    // default), the go-lives and the file are held for the 2 s group window when the app is killed.
    const first = appRun(new FakeClock(), history); // its timers die with it
    for (const e of entries) first.pipeline.applyWebhook(e.webhook, 'webhook', e.receivedAt, e.seq);
    expect(first.pipeline.idle()).toBe(false); // so the processed mark stayed at 0
    expect(history.decisions.map((d) => [d.notification.key, d.decision])).toEqual([
      ['j2:SessionStarted', { shown: false, reason: 'disabled' }],
    ]);
    expect(history.files).toEqual(['j3:FileClosed']); // listed before the decision

    clock.advance(30_000); // restarted 30 s later
    const second = appRun(clock, history);
    const result = await second.recover(entries, 0);
    clock.advance(2_000); // the group window: a fresh burst is grouped as any other
    expect(result.plan.fresh.map((h) => h.key)).toEqual([
      'j1:StreamStarted',
      'j3:FileClosed',
      'j4:StreamStarted',
    ]);
    expect(result.plan.missed).toEqual([]);
    expect(result.plan.done).toBe(1);
    expect(result.throughSeq).toBe(4);
    const shown = history.decisions.filter((d) => d.decision.shown);
    // Two go-lives in one window become one summary; the file alone pops up as itself.
    expect(shown.map((d) => d.notification.title).sort()).toEqual(
      ['2 rooms are live', `Recording finished: ${ROOM.name}`].sort(),
    );
    expect(history.decisions.map((d) => d.notification.key).filter(Boolean)).toEqual([
      'j2:SessionStarted',
      'j1:StreamStarted',
      'j4:StreamStarted',
      'j3:FileClosed',
    ]);
    expect(history.files).toEqual(['j3:FileClosed']); // listed once

    // A third start (crash before the mark was written): nothing is recorded or shown again.
    const third = appRun(clock, history);
    const count = history.decisions.length;
    const again = await third.recover(entries, 0);
    clock.advance(2_000);
    expect(again.plan.done).toBe(4);
    expect(history.decisions).toHaveLength(count);
  });

  test('older than the freshness bound: recorded as missed, one summary popup saying how many', async () => {
    const clock = new FakeClock();
    const history = { decisions: [] as DecidedNotification[], files: [] as string[] };
    const entries = journal(clock.now);
    clock.advance(FRESH_MS + 5_000); // all four were received more than 10 minutes ago
    const run = appRun(clock, history);
    const result = await run.recover(entries, 0);
    expect(result.summarized).toBe(true);
    const missed = history.decisions.filter((d) => !d.decision.shown);
    expect(missed.map((d) => [d.notification.key, d.decision])).toEqual([
      ['j1:StreamStarted', { shown: false, reason: 'missed' }],
      ['j2:SessionStarted', { shown: false, reason: 'missed' }],
      ['j3:FileClosed', { shown: false, reason: 'missed' }],
      ['j4:StreamStarted', { shown: false, reason: 'missed' }],
    ]);
    const shown = history.decisions.filter((d) => d.decision.shown);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.notification).toMatchObject({
      title: '4 missed while the app was not running',
      roomIds: [ROOM.roomId, OTHER.roomId],
      action: { kind: 'openWindow' },
      key: 'missed-through-j4',
    });
    expect(history.files).toEqual(['j3:FileClosed']);

    // Started again before the mark was written: no second summary, nothing recorded twice.
    const again = await appRun(clock, history).recover(entries, 0);
    expect(again.summarized).toBe(false);
    expect(history.decisions).toHaveLength(5);
  });

  test('a fresh and a stale happening in one recovery: the fresh pops up, the stale is summed up', async () => {
    const clock = new FakeClock();
    const history = { decisions: [] as DecidedNotification[], files: [] as string[] };
    const old = journal(clock.now).slice(0, 1); // room 1 went live 20 minutes before the restart
    clock.advance(20 * MINUTE);
    const recent = journal(clock.now - 60_000)
      .slice(3)
      .map((e) => ({ ...e, seq: 2 })); // room 2 a minute before
    const result = await appRun(clock, history).recover([...old, ...recent], 0);
    clock.advance(2_000);
    expect(result.plan.fresh.map((h) => h.key)).toEqual(['j2:StreamStarted']);
    expect(result.plan.missed.map((h) => h.key)).toEqual(['j1:StreamStarted']);
    expect(
      history.decisions.map((d) => [d.notification.key, d.decision.shown, d.notification.title]),
    ).toEqual([
      ['j1:StreamStarted', false, expect.any(String)],
      ['missed-through-j2', true, '1 missed while the app was not running'],
      ['j2:StreamStarted', true, `${OTHER.name} is live`],
    ]);
  });

  test('entries up to the processed mark only rebuild the state', async () => {
    const clock = new FakeClock();
    const history = { decisions: [] as DecidedNotification[], files: [] as string[] };
    const run = appRun(clock, history);
    const result = await run.recover(journal(clock.now), 4);
    expect(result.plan).toEqual({ fresh: [], missed: [], listOnly: [], done: 0 });
    expect(history.decisions).toEqual([]);
    expect(run.pipeline.rooms().map((r) => [r.roomId, r.streaming])).toEqual([
      [ROOM.roomId, true],
      [OTHER.roomId, true],
    ]);
  });
});

describe('planRecovery', () => {
  const happening = (kind: Happening['kind'], file = false): Happening =>
    ({
      kind,
      roomId: 1,
      at: 0,
      source: 'webhook',
      room: {},
      ...(file ? { file: { relativePath: 'a.flv' } } : {}),
    }) as Happening;
  const now = Date.UTC(2026, 0, 1);
  const facts = (decided: string[] = [], listed: string[] = []) => ({
    now,
    freshMs: FRESH_MS,
    hasDecision: (key: string) => decided.includes(key),
    hasFile: (key: string) => listed.includes(key),
  });

  test.each([
    ['received just now', now, 'fresh'],
    ['exactly at the bound', now - FRESH_MS, 'fresh'],
    ['a millisecond past the bound', now - FRESH_MS - 1, 'missed'],
    ['ahead of the clock (it was set back)', now + 3_600_000, 'fresh'],
  ] as const)('%s → %s', (_, receivedAt, expected) => {
    const plan = planRecovery(
      [{ happening: happening('StreamStarted'), journalSeq: 7, receivedAt }],
      facts(),
    );
    expect(plan[expected].map((h) => h.key)).toEqual(['j7:StreamStarted']);
    expect(plan[expected][0]!.missed).toBe(expected === 'missed' ? true : undefined);
  });

  test('a decision without its file: the file is listed only; both recorded: done', () => {
    const plan = planRecovery(
      [
        { happening: happening('FileClosed', true), journalSeq: 3, receivedAt: now },
        { happening: happening('FileClosed', true), journalSeq: 4, receivedAt: now },
      ],
      facts(['j3:FileClosed', 'j4:FileClosed'], ['j4:FileClosed']),
    );
    expect(plan.listOnly.map((h) => h.key)).toEqual(['j3:FileClosed']);
    expect(plan.done).toBe(1);
    expect(plan.fresh).toEqual([]);
  });

  test('a kind switched off is never missed: it goes through the policy again, which keeps no row', () => {
    const old = now - FRESH_MS - 1;
    const plan = planRecovery(
      [
        { happening: happening('StreamEnded'), journalSeq: 5, receivedAt: old },
        { happening: happening('StreamStarted'), journalSeq: 6, receivedAt: old },
      ],
      { ...facts(), switchedOff: ({ kind }) => kind === 'StreamEnded' },
    );
    expect(plan.fresh.map((h) => h.key)).toEqual(['j5:StreamEnded']);
    expect(plan.missed.map((h) => h.key)).toEqual(['j6:StreamStarted']);
  });

  test('keys are per journal entry and kind', () => {
    expect(happeningKey(12, 'FileClosed')).toBe('j12:FileClosed');
    expect(happeningKey(12, 'StreamStarted')).not.toBe(happeningKey(12, 'FileClosed'));
  });

  test('the summary speaks the user’s language and is absent when nothing was missed', () => {
    const missed = [happening('StreamStarted'), happening('FileClosed', true)];
    expect(missedSummary([], { language: 'en', now, throughSeq: 1 })).toBeUndefined();
    expect(missedSummary(missed, { language: 'zh-CN', now, throughSeq: 9 })).toMatchObject({
      title: '应用未运行时错过了 2 条通知',
      event: 'FileClosed',
      key: 'missed-through-j9',
    });
  });
});

describe('filesSettledBy', () => {
  test('keeps the files listed at or before the processed mark, and those listed by no entry', () => {
    const files = [
      { key: 'j3:FileClosed' },
      { key: 'j7:FileClosed' },
      {},
      { key: 'j5:FileClosed' },
    ];
    expect(filesSettledBy(files, 5)).toEqual([
      { key: 'j3:FileClosed' },
      {},
      { key: 'j5:FileClosed' },
    ]);
  });
});

describe('popups owed at start', () => {
  test('a missed one is counted in the summary with the journal’s, a summary by its items', () => {
    const single = makeNotification(1);
    single.notification.recorderIds = ['nas'];
    const summary = makeNotification(2);
    summary.notification.items = [
      { event: 'StreamStarted', roomId: 7 },
      { event: 'StreamStarted', roomId: 8 },
    ];
    const owed = [...missedItems(single), ...missedItems(summary)];
    expect(owed).toEqual([
      { event: 'StreamStarted', roomId: 101, recorderId: 'nas' },
      { event: 'StreamStarted', roomId: 7 },
      { event: 'StreamStarted', roomId: 8 },
    ]);
    const closed = { kind: 'FileClosed', roomId: 1, at: 0, source: 'webhook' } as Happening;
    const now = Date.UTC(2026, 0, 1);
    const told = missedSummary([closed], { language: 'en', now, throughSeq: 4 }, owed);
    expect(told?.items).toHaveLength(4);
    expect(told).toMatchObject({ event: 'FileClosed', roomIds: [1, 101, 7, 8] });
    expect(missedSummary([], { language: 'en', now, throughSeq: 4 }, owed)?.items).toHaveLength(3);
  });
});
