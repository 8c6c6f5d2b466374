import { describe, expect, it } from 'vitest';
import type { Happening } from '../../main/core/happening';
import { clampToReceipt, MAX_CLOCK_AHEAD_MS, RecorderState } from '../../main/core/recorder-state';
import { parsedWebhook } from '../fakes/parsed-webhook';
import { coreHarness } from '../fakes/core-harness';
import { fixtureJson } from '../helpers/fixtures';
import { seededRandom } from '../fakes/fake-recorder/rooms';
import { liveSession, shuffled } from '../helpers/recorder-events';

const ROOM = { roomId: 23058, shortId: 3, name: '3号直播间' };

/**
 * Orders of `liveSession(ROOM, 3)` by index, and how many go-lives each shows, written out by hand:
 * [0] StreamStarted, [1] SessionStarted, then per file FileOpening, FileClosed, its V1 RecordEnd
 * ([2–4], [5–7], [8–10]; the last FileClosed, [9], says Streaming false), [11] StreamEnded,
 * [12] SessionEnded (both Streaming false). A go-live is news while nothing that saw the stream
 * off came before it; after that it is old news.
 */
const GO_LIVE_ORDERS: readonly { label: string; order: readonly number[]; goLives: number }[] = [
  { label: 'in order', order: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], goLives: 1 },
  {
    label: 'after two files that say the stream is on',
    order: [1, 2, 3, 5, 6, 0, 4, 7, 8, 9, 10, 11, 12],
    goLives: 1,
  },
  {
    label: 'after the last file, which says it is off',
    order: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11, 12],
    goLives: 0,
  },
  { label: 'after StreamEnded', order: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 12], goLives: 0 },
  {
    label: 'after SessionEnded only',
    order: [12, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    goLives: 0,
  },
  { label: 'last of all', order: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0], goLives: 0 },
];

/** The order the recorder's retries and races may deliver `session` in, for one seed. */
function deliveryOrder(session: readonly Record<string, unknown>[], seed: number) {
  const random = seededRandom(seed);
  // Each event is delivered 1–3 times (the recorder's retries), V1 and V2 both present.
  const deliveries = session.flatMap((e) =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, () => e),
  );
  return shuffled(deliveries, random);
}

const SEEDS = Array.from({ length: 60 }, (_, i) => i + 1);

function finalState(events: readonly Record<string, unknown>[]) {
  const core = coreHarness((s) => {
    s.notifications.groupWindowSeconds = 0;
  });
  for (const event of events) core.deliver(event);
  core.clock.advance(10_000);
  const files = core.pipeline
    .stateOf()
    .files.list()
    .sort((a, b) => a.relativePath.localeCompare(b.relativePath));
  return { core, rooms: core.pipeline.rooms(), files };
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

  it.each(GO_LIVE_ORDERS)(
    'StreamStarted $label: $goLives go-live popup(s)',
    ({ order, goLives }) => {
      const result = finalState(order.map((index) => session[index]!));
      expect(result.core.shown().filter((n) => n.event === 'StreamStarted')).toHaveLength(goLives);
      expect(result.rooms).toEqual(inOrder.rooms);
    },
  );

  it.each(SEEDS)('shuffled order #%i with retries mixed in', (seed) => {
    const order = deliveryOrder(session, seed);
    const result = finalState(order);
    expect(result.rooms).toEqual(inOrder.rooms);
    expect(result.files).toEqual(inOrder.files);
    const shown = result.core.shown();
    const finishedPaths = shown
      .filter((n) => n.event === 'FileClosed')
      .map((n) => n.body.split('\n')[0]);
    expect(finishedPaths).toHaveLength(3);
    expect(new Set(finishedPaths).size).toBe(3);
    // Never twice; whether at all depends on the order (GO_LIVE_ORDERS has the cases by hand).
    expect(shown.filter((n) => n.event === 'StreamStarted').length).toBeLessThanOrEqual(1);
  });

  it('the go-live is notified once when StreamStarted arrives first, also with FileOpening racing it', () => {
    const [started, ...rest] = session;
    const fileOpening = rest.find((e) => e.EventType === 'FileOpening')!;
    const result = finalState([fileOpening, started!, started!, ...rest]);
    expect(result.core.shown().filter((n) => n.event === 'StreamStarted')).toHaveLength(1);
  });
});

/** Applies each delivery once (as the intake dedupes them) to a RecorderState of its own. */
function applied(order: readonly Record<string, unknown>[]) {
  const state = new RecorderState();
  const ids = new Set<string>();
  const happenings: Happening[] = [];
  for (const body of order) {
    const webhook = parsedWebhook(body);
    if (ids.has(webhook.id)) continue;
    ids.add(webhook.id);
    happenings.push(...state.applyWebhook(webhook));
  }
  const files = state.files.list().sort((a, b) => a.relativePath.localeCompare(b.relativePath));
  return { state, happenings, rooms: state.rooms.list(), files };
}

describe('RecorderState: each happening exactly once, whatever the delivery order', () => {
  const session = liveSession(ROOM, 3);
  const inOrder = applied(session);

  it('in order: go-live, recording, three files, the end of the stream with the last, end of recording', () => {
    expect(inOrder.happenings.map((h) => h.kind)).toEqual([
      'StreamStarted',
      'SessionStarted',
      'FileClosed',
      'FileClosed',
      // The last FileClosed already says Streaming false: the end of the stream comes with it.
      'StreamEnded',
      'FileClosed',
      'SessionEnded',
    ]);
    expect(inOrder.rooms).toEqual([
      expect.objectContaining({ roomId: 23058, streaming: false, recording: false }),
    ]);
  });

  it.each(SEEDS)('shuffled order #%i with retries mixed in', (seed) => {
    const order = deliveryOrder(session, seed);
    const result = applied(order);
    expect(result.rooms).toEqual(inOrder.rooms);
    expect(result.files).toEqual(inOrder.files);
    const kinds = result.happenings.map((h) => h.kind);
    const closed = result.happenings.flatMap((h) =>
      h.kind === 'FileClosed' && h.file ? [h.file] : [],
    );
    expect(new Set(closed.map((f) => f.relativePath)).size).toBe(3);
    expect(closed).toHaveLength(3);
    expect(kinds.filter((k) => k === 'StreamStarted').length).toBeLessThanOrEqual(1);
  });

  it.each(GO_LIVE_ORDERS)(
    'StreamStarted $label: $goLives go-live happening(s)',
    ({ order, goLives }) => {
      const result = applied(order.map((index) => session[index]!));
      expect(result.happenings.filter((h) => h.kind === 'StreamStarted')).toHaveLength(goLives);
      expect(result.rooms).toEqual(inOrder.rooms);
    },
  );

  it("a poll's first look at a live room is a baseline; going offline after it is news", () => {
    const state = new RecorderState();
    const room = {
      roomId: 23058,
      shortId: 3,
      name: '3号直播间',
      title: '标题',
      areaNameParent: '',
      areaNameChild: '',
      streaming: true,
      recording: false,
      danmakuConnected: true,
    };
    expect(state.applyPoll([room], 1_000, true)).toEqual([
      expect.objectContaining({ kind: 'StreamStarted', baseline: true, source: 'poll' }),
    ]);
    expect(state.applyPoll([{ ...room, streaming: false }], 2_000, false)).toEqual([
      expect.objectContaining({ kind: 'StreamEnded', source: 'poll' }),
    ]);
  });

  it("a poll's rooms go in together, each room's happenings in the list's order", () => {
    const state = new RecorderState();
    const room = (roomId: number, streaming: boolean, recording: boolean) => ({
      roomId,
      shortId: 0,
      name: `房间 ${roomId}`,
      title: '',
      areaNameParent: '',
      areaNameChild: '',
      streaming,
      recording,
      danmakuConnected: true,
    });
    state.applyPoll(
      [room(1, false, false), room(2, false, false), room(3, true, true)],
      1_000,
      true,
    );
    const happenings = state.applyPoll(
      [room(1, true, true), room(2, false, false), room(3, false, false)],
      2_000,
      false,
    );
    expect(happenings.map((h) => [h.roomId, h.kind])).toEqual([
      [1, 'StreamStarted'],
      [1, 'SessionStarted'],
      [3, 'StreamEnded'],
      [3, 'SessionEnded'],
    ]);
    expect(happenings.every((h) => h.source === 'poll' && h.at === 2_000 && !h.baseline)).toBe(
      true,
    );
    expect(state.rooms.list().map((r) => [r.roomId, r.streaming, r.updatedAt])).toEqual([
      [1, true, 2_000],
      [2, false, 2_000],
      [3, false, 2_000],
    ]);
  });

  it('an unknown event type reveals nothing and adds no room', () => {
    const state = new RecorderState();
    const body = fixtureJson<Record<string, unknown>>('synthesized/webhook-v2-StreamStarted.json');
    expect(state.applyWebhook(parsedWebhook({ ...body, EventType: 'Future' }))).toEqual([]);
    expect(state.rooms.list()).toEqual([]);
  });
});

describe('clampToReceipt', () => {
  it('keeps a time up to MAX_CLOCK_AHEAD_MS after the receipt and cuts a later one back to it', () => {
    const receivedAt = 1_700_000_000_000;
    const ticksAt = (ms: number) => BigInt(ms) * 10_000n;
    const limit = ticksAt(receivedAt + MAX_CLOCK_AHEAD_MS);
    expect(clampToReceipt(limit, receivedAt)).toBe(limit);
    expect(clampToReceipt(limit + 1n, receivedAt)).toBe(limit);
    expect(clampToReceipt(ticksAt(receivedAt - 1), receivedAt)).toBe(ticksAt(receivedAt - 1));
    expect(clampToReceipt(limit + 1n, undefined)).toBe(limit + 1n);
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
    const [file] = core.pipeline.stateOf().files.list();
    expect(file).toMatchObject({ finished: true, fileSize: 1873245190, durationSeconds: 3907.218 });
  });

  it('a late V1 of a file the Files list already holds (its V2 compacted out of the journal) is no new file', () => {
    const first = new RecorderState();
    const [closed] = first
      .applyWebhook(parsedWebhook(fixtureJson('synthesized/webhook-v2-FileClosed.json')))
      .filter((h) => h.kind === 'FileClosed');
    expect(closed?.file).toBeDefined();
    // After a restart: nothing replayed, only the Files list remembered.
    const restarted = new RecorderState();
    restarted.rememberFinished([closed!.file!]);
    const late = restarted.applyWebhook(
      parsedWebhook(fixtureJson('synthesized/webhook-v1-RecordEnd.json')),
    );
    expect(late.filter((h) => h.kind === 'FileClosed')).toEqual([]);
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
    expect(core.pipeline.stateOf().rooms.get(23058)).toMatchObject({ streaming: true, shortId: 3 });
    core.deliver(fixtureJson('synthesized/webhook-v2-StreamEnded.json'));
    expect(core.pipeline.stateOf().rooms.get(23058)).toMatchObject({ streaming: false });
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
    expect(core.pipeline.rooms()).toHaveLength(0);
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
    core.pipeline.applyWebhook(parsedWebhook(started), 'webhook', core.clock.now);
    core.clock.advance(10 * 60_000);
    const offline = core.pipeline.applyPoll(
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
    expect(core.pipeline.stateOf().rooms.get(23058)).toMatchObject({
      streaming: false,
      title: '新标题',
    });
  });
});
