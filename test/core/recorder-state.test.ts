import { describe, expect, it } from 'vitest';
import { EventPipeline } from '../../main/core/event-pipeline';
import { parsedWebhook } from '../fakes/parsed-webhook';
import { defaultSettings } from '../../shared/settings';
import { coreHarness } from '../fakes/core-harness';
import { fixtureJson } from '../helpers/fixtures';
import { seededRandom } from '../fakes/fake-recorder/rooms';
import { liveSession, shuffled } from '../helpers/recorder-events';

const ROOM = { roomId: 23058, shortId: 3, name: '3号直播间' };

function finalState(events: readonly Record<string, unknown>[]) {
  const core = coreHarness((s) => {
    s.notifications.groupWindowSeconds = 0;
  });
  for (const event of events) core.deliver(event);
  core.clock.advance(10_000);
  const files = core.pipeline.state.files
    .list()
    .sort((a, b) => a.relativePath.localeCompare(b.relativePath));
  return { core, rooms: core.pipeline.state.rooms.list(), files };
}

describe('one notification per real happening, whatever the delivery order', () => {
  const session = liveSession(ROOM, 3);
  const inOrder = finalState(session);

  it('in order: one go-live, three finished files, a final state that is offline and not recording', () => {
    const shown = inOrder.core.shown();
    expect(shown.filter((n) => n.event === 'StreamStarted')).toHaveLength(1);
    expect(shown.filter((n) => n.event === 'FileClosed')).toHaveLength(3);
    expect(inOrder.rooms).toEqual([
      expect.objectContaining({ roomId: 23058, streaming: false, recording: false }),
    ]);
    expect(inOrder.files.every((f) => f.finished && f.durationSeconds === 10 && f.sessionId)).toBe(
      true,
    );
  });

  it.each(Array.from({ length: 60 }, (_, i) => i + 1))(
    'shuffled order #%i with retries mixed in',
    (seed) => {
      const random = seededRandom(seed);
      // Each event is delivered 1–3 times (the recorder's retries), V1 and V2 both present.
      const deliveries = session.flatMap((e) =>
        Array.from({ length: 1 + Math.floor(random() * 3) }, () => e),
      );
      const order = shuffled(deliveries, random);
      const result = finalState(order);
      expect(result.rooms).toEqual(inOrder.rooms);
      expect(result.files).toEqual(inOrder.files);
      const shown = result.core.shown();
      const finishedPaths = shown
        .filter((n) => n.event === 'FileClosed')
        .map((n) => n.body.split('\n')[0]);
      expect(finishedPaths).toHaveLength(3);
      expect(new Set(finishedPaths).size).toBe(3);
      // A go-live is news only when its StreamStarted is not older than what is already known.
      expect(shown.filter((n) => n.event === 'StreamStarted').length).toBeLessThanOrEqual(1);
    },
  );

  it('the go-live is notified once when StreamStarted arrives first, also with FileOpening racing it', () => {
    const [started, ...rest] = session;
    const fileOpening = rest.find((e) => e.EventType === 'FileOpening')!;
    const result = finalState([fileOpening, started!, started!, ...rest]);
    expect(result.core.shown().filter((n) => n.event === 'StreamStarted')).toHaveLength(1);
  });
});

describe('V1 and V2 of the same file', () => {
  it.each([
    [
      'V2 first',
      ['synthesized/webhook-v2-FileClosed.json', 'synthesized/webhook-v1-RecordEnd.json'],
    ],
    [
      'V1 first',
      ['synthesized/webhook-v1-RecordEnd.json', 'synthesized/webhook-v2-FileClosed.json'],
    ],
  ])('%s → one file-finished notification and one merged record', (_label, names) => {
    const core = coreHarness((s) => {
      s.notifications.groupWindowSeconds = 0;
    });
    for (const name of names) core.deliver(fixtureJson(name));
    expect(core.shown().map((n) => n.event)).toEqual(['FileClosed']);
    const [file] = core.pipeline.state.files.list();
    expect(file).toMatchObject({ finished: true, fileSize: 1873245190, durationSeconds: 3907.218 });
  });
});

describe('other payloads', () => {
  it('a 1.3.x FileClosed (no flags, SessionId last) gives one notification and leaves the flags alone', () => {
    const core = coreHarness((s) => {
      s.notifications.groupWindowSeconds = 0;
    });
    const body = fixtureJson<Record<string, any>>('docs-examples/webhook-v2-FileClosed.docs.jsonc');
    for (const key of ['Recording', 'Streaming', 'DanmakuConnected']) delete body.EventData[key];
    core.deliver(body);
    expect(core.shown()).toHaveLength(1);
    expect(core.shown()[0]).toMatchObject({ title: '录制完成：3号直播间', roomIds: [23058] });
  });

  it('StreamStarted / StreamEnded without SessionId update the room', () => {
    const core = coreHarness();
    core.deliver(fixtureJson('synthesized/webhook-v2-StreamStarted.json'));
    expect(core.pipeline.state.rooms.get(23058)).toMatchObject({ streaming: true, shortId: 3 });
    core.deliver(fixtureJson('synthesized/webhook-v2-StreamEnded.json'));
    expect(core.pipeline.state.rooms.get(23058)).toMatchObject({ streaming: false });
    expect(core.happenings.map((h) => h.kind)).toEqual(['StreamStarted', 'StreamEnded']);
  });

  it('an unknown event type changes nothing and notifies nothing', () => {
    const core = coreHarness();
    core.deliver({
      ...fixtureJson<Record<string, unknown>>('synthesized/webhook-v2-StreamStarted.json'),
      EventType: 'Future',
    });
    core.clock.advance(5000);
    expect(core.decided).toHaveLength(0);
    expect(core.pipeline.state.rooms.list()).toHaveLength(0);
  });

  it('a recorder restart burst (StreamStarted again for a live room, new EventId) does not pop up again', () => {
    const core = coreHarness();
    const first = fixtureJson<Record<string, any>>('synthesized/webhook-v2-StreamStarted.json');
    core.deliver(first);
    core.clock.advance(3000);
    core.deliver({
      ...first,
      EventId: '11111111-2222-3333-4444-555555555555',
      EventTimestamp: '2024-03-17T22:00:00+08:00',
    });
    core.clock.advance(3000);
    expect(core.shown()).toHaveLength(1);
  });
});

describe('clock skew', () => {
  it('a webhook stamped far in the future cannot freeze the room against later polls', () => {
    const core = coreHarness();
    const started = fixtureJson<Record<string, any>>('synthesized/webhook-v2-StreamStarted.json');
    started.EventTimestamp = '2099-01-01T00:00:00+08:00';
    core.pipeline.webhook(parsedWebhook(started), 'webhook', core.clock.now);
    core.clock.advance(10 * 60_000);
    const offline = core.pipeline.poll(
      [
        {
          roomId: 23058,
          shortId: 3,
          name: '3号直播间',
          title: '新标题',
          areaNameParent: '',
          areaNameChild: '',
          streaming: false,
          recording: false,
          danmakuConnected: true,
        },
      ],
      core.clock.now,
      false,
    );
    expect(offline.map((h) => h.kind)).toContain('StreamEnded');
    expect(core.pipeline.state.rooms.get(23058)).toMatchObject({
      streaming: false,
      title: '新标题',
    });
  });
});

describe('a failing listener', () => {
  it('is reported, and the happenings after it are still decided', async () => {
    const settings = defaultSettings();
    const failures: unknown[] = [];
    const decided: string[] = [];
    let calls = 0;
    const pipeline = new EventPipeline(
      {
        clock: Date.now,
        setTimer: () => () => undefined,
        settings: () => ({ ...settings.notifications, groupWindowSeconds: 0, language: 'en' }),
        actionFor: () => undefined,
      },
      {
        decided: (d) => {
          calls += 1;
          if (calls === 1) throw new Error('history disk full');
          decided.push(d.notification.event);
        },
        failed: (e) => failures.push(e),
      },
      async () => ({}),
    );
    for (const name of [
      'synthesized/webhook-v2-FileClosed.json',
      'real/webhook-v2-FileClosed.issue553.json',
    ]) {
      pipeline.webhook(parsedWebhook(fixtureJson(name)));
    }
    await pipeline.drain();
    expect(failures).toHaveLength(1);
    expect(decided).toEqual(['FileClosed']);
  });
});
