import { describe, expect, it } from 'vitest';
import type { RecorderStatusContext } from '../../shared/recorder/connection-status';
import type { PolledRoom } from '../../shared/recorder/rest';
import {
  RecorderReconciler,
  selectRooms,
  type RoomsFetch,
  type SetupNotice,
} from '../../main/core/recorder-reconcile';
import { coreHarness } from '../fakes/core-harness';
import { v2 } from '../helpers/recorder-events';

function polled(
  roomId: number,
  streaming: boolean,
  recording = streaming,
  shortId = 0,
): PolledRoom {
  return {
    roomId,
    shortId,
    name: `主播${roomId}`,
    title: '标题',
    areaNameParent: '电台',
    areaNameChild: '唱见',
    streaming,
    recording,
    danmakuConnected: true,
    autoRecord: true,
    stats: {
      sessionDurationMs: 1000,
      currentFileSize: 2048,
      networkMbps: 4.5,
      durationRatio: recording ? 1.01 : null,
    },
  };
}

function syncHarness(selected: number[] = []) {
  const core = coreHarness();
  let next: RoomsFetch = { ok: true, rooms: [] };
  /** Runs while the next fetch is on its way (what the app hears meanwhile). */
  let duringFetch: (() => void) | undefined;
  const statuses: string[] = [];
  const facts: (RecorderStatusContext | undefined)[] = [];
  const notices: SetupNotice[] = [];
  const webhooks = new Map<number, number>();
  const reconciler = new RecorderReconciler({
    fetchRooms: async () => {
      duringFetch?.();
      duringFetch = undefined;
      return next;
    },
    pipeline: core.pipeline,
    clock: core.clock.read,
    settings: () => ({
      rooms: selected,
      unreachableNotifyAfterMinutes: 5,
      language: 'en',
      webhookUrl: 'http://127.0.0.1:23560/webhook',
    }),
    statusChanged: (status, said) => {
      statuses.push(status);
      facts.push(said);
    },
    notice: (n) => notices.push(n),
    lastWebhookAt: (roomId) => webhooks.get(roomId),
  });
  /** A webhook about the room came in now (the link notes it). */
  const webhookSeen = (roomId: number) => webhooks.set(roomId, core.clock.read());
  const poll = async (result: RoomsFetch, advanceMs = 10_000, meanwhile?: () => void) => {
    next = result;
    duringFetch = meanwhile;
    await reconciler.pollOnce(new AbortController().signal);
    core.clock.advance(advanceMs);
  };
  const goLives = () => core.shown().filter((n) => n.event === 'StreamStarted');
  return { core, reconciler, poll, statuses, facts, notices, goLives, webhookSeen };
}

describe('RecorderReconciler', () => {
  it('start-up with live rooms → no popup (baseline), then a new go-live → exactly one', async () => {
    const h = syncHarness();
    await h.poll({ ok: true, rooms: [polled(1, true), polled(2, false)] });
    expect(h.goLives()).toHaveLength(0);
    expect(h.core.pipeline.stateOf().rooms.get(1)).toMatchObject({
      streaming: true,
      stats: { networkMbps: 4.5 },
    });
    await h.poll({ ok: true, rooms: [polled(1, true), polled(2, true)] });
    await h.poll({ ok: true, rooms: [polled(1, true), polled(2, true)] });
    expect(h.goLives().map((n) => n.roomIds)).toEqual([[2]]);
  });

  it('poll first, then the webhook → one popup', async () => {
    const h = syncHarness();
    await h.poll({ ok: true, rooms: [polled(3, false)] });
    await h.poll({ ok: true, rooms: [polled(3, true)] }, 1000);
    h.core.deliver(
      v2('StreamStarted', { roomId: 3 }, 0, {}, { streaming: true, recording: false }),
    );
    h.core.clock.advance(5000);
    expect(h.goLives()).toHaveLength(1);
  });

  it('webhook first, then the poll → one popup', async () => {
    const h = syncHarness();
    await h.poll({ ok: true, rooms: [polled(3, false)] });
    h.core.deliver(
      v2('StreamStarted', { roomId: 3 }, 0, {}, { streaming: true, recording: false }),
    );
    await h.poll({ ok: true, rooms: [polled(3, true)] });
    expect(h.goLives()).toHaveLength(1);
  });

  it('a missed StreamEnded and recording end are recovered from polls as happenings', async () => {
    const h = syncHarness();
    await h.poll({ ok: true, rooms: [polled(4, true)] });
    await h.poll({ ok: true, rooms: [polled(4, false)] });
    expect(h.core.happenings.filter((x) => !x.baseline).map((x) => x.kind)).toEqual([
      'StreamEnded',
      'SessionEnded',
    ]);
  });

  it('reports the connection state on change only', async () => {
    const h = syncHarness();
    const down: RoomsFetch = { ok: false, status: 'unreachable', detail: 'ECONNREFUSED' };
    await h.poll(down);
    await h.poll(down);
    await h.poll({ ok: true, rooms: [] });
    await h.poll({ ok: false, status: 'unauthorized', detail: 'HTTP 401' });
    expect(h.statuses).toEqual(['unreachable', 'ok', 'unauthorized']);
  });

  it('reports the state again after forgetStatus (another recorder URL), even when it is the same', async () => {
    const h = syncHarness();
    await h.poll({ ok: true, rooms: [] });
    h.reconciler.forgetStatus();
    await h.poll({ ok: true, rooms: [] });
    expect(h.statuses).toEqual(['ok', 'ok']);
  });

  it('tells once when the recorder has been unreachable for over 5 minutes, and nothing on recovery', async () => {
    const h = syncHarness();
    const down: RoomsFetch = { ok: false, status: 'unreachable', detail: 'ECONNREFUSED' };
    for (let i = 0; i < 10; i++) await h.poll(down, 60_000);
    expect(h.notices.map((n) => n.kind)).toEqual(['recorderUnreachable']);
    await h.poll({ ok: true, rooms: [] });
    expect(h.notices).toHaveLength(1);
  });

  it('after an outage, the first good poll is a baseline again (no popup storm)', async () => {
    const h = syncHarness();
    await h.poll({ ok: true, rooms: [polled(5, false)] });
    await h.poll({ ok: false, status: 'unreachable', detail: 'ECONNREFUSED' });
    await h.poll({ ok: true, rooms: [polled(5, true)] });
    expect(h.goLives()).toHaveLength(0);
  });

  it('rebaseline (after resume) makes the next poll a first look', async () => {
    const h = syncHarness();
    await h.poll({ ok: true, rooms: [polled(6, false)] });
    h.reconciler.rebaseline();
    await h.poll({ ok: true, rooms: [polled(6, true)] });
    expect(h.goLives()).toHaveLength(0);
  });

  it('says once that webhooks do not arrive when polling sees a go-live no webhook reported', async () => {
    const h = syncHarness();
    await h.poll({ ok: true, rooms: [polled(7, false), polled(8, false)] });
    await h.poll({ ok: true, rooms: [polled(7, true), polled(8, true)] }, 61_000);
    await h.poll({ ok: true, rooms: [polled(7, true), polled(8, true)] });
    expect(h.notices).toEqual([
      expect.objectContaining({
        kind: 'webhooksMissing',
        body: expect.stringContaining('http://127.0.0.1:23560/webhook'),
      }),
    ]);
  });

  it('a webhook within the minute means webhooks work: no warning', async () => {
    const h = syncHarness();
    await h.poll({ ok: true, rooms: [polled(9, false)] });
    await h.poll({ ok: true, rooms: [polled(9, true)] }, 20_000);
    h.webhookSeen(9);
    await h.poll({ ok: true, rooms: [polled(9, true)] }, 61_000);
    await h.poll({ ok: true, rooms: [polled(9, true)] });
    expect(h.notices).toHaveLength(0);
  });
});

describe('RecorderReconciler: rooms removed from the recorder', () => {
  const roomIds = (h: ReturnType<typeof syncHarness>) =>
    h.core.pipeline.rooms().map((room) => room.roomId);
  const live = (roomId: number) =>
    v2('StreamStarted', { roomId }, 0, {}, { streaming: true, recording: false });

  it('a room the recorder no longer lists leaves the rooms, heard of by webhooks or not', async () => {
    const h = syncHarness();
    await h.poll({ ok: true, rooms: [polled(1, false), polled(2, false)] });
    h.core.deliver(live(5)); // a room the recorder told of by webhook, then removed
    const version = h.core.pipeline.roomsVersion;
    await h.poll({ ok: true, rooms: [polled(1, false)] });
    expect(roomIds(h)).toEqual([1]);
    expect(h.core.pipeline.roomsVersion).toBeGreaterThan(version); // the window hears of it
    await h.poll({ ok: true, rooms: [] });
    expect(roomIds(h)).toEqual([]);
    expect(h.goLives()).toHaveLength(1); // room 5's go-live, told once
  });

  it('a room heard of while the list was on its way stays (added meanwhile), until a list without it', async () => {
    const h = syncHarness();
    await h.poll({ ok: true, rooms: [polled(1, false)] });
    await h.poll({ ok: true, rooms: [polled(1, false)] }, 10_000, () => h.core.deliver(live(7)));
    expect(roomIds(h)).toEqual([1, 7]);
    await h.poll({ ok: true, rooms: [polled(1, false), polled(7, true)] });
    expect(roomIds(h)).toEqual([1, 7]);
    expect(h.goLives()).toHaveLength(1);
  });

  it('rooms the settings leave out are not dropped while the recorder lists them', async () => {
    const h = syncHarness([1]);
    await h.poll({ ok: true, rooms: [polled(1, false), polled(2, false)] });
    h.core.deliver(live(2)); // not selected, but its webhooks come
    await h.poll({ ok: true, rooms: [polled(1, false), polled(2, true)] });
    expect(roomIds(h)).toEqual([1, 2]);
    await h.poll({ ok: true, rooms: [polled(1, false)] });
    expect(roomIds(h)).toEqual([1]);
  });

  it('a room the recorder lists but that could not be read stays as last known, and is said', async () => {
    const h = syncHarness();
    await h.poll({ ok: true, rooms: [polled(1, false), polled(2, true)] });
    const odd = { roomId: 2, field: 'streaming', detail: 'room 2: streaming: expected boolean' };
    await h.poll({ ok: true, rooms: [polled(1, true)], unreadable: [odd] });
    expect(roomIds(h)).toEqual([1, 2]);
    expect(h.core.pipeline.stateOf().rooms.get(2)).toMatchObject({ streaming: true });
    expect(h.goLives()).toHaveLength(1); // room 1's; nothing made up for room 2
    // Said with the room, again only when the odd rooms change, and once more when mended.
    await h.poll({ ok: true, rooms: [polled(1, true)], unreadable: [odd] });
    await h.poll({ ok: true, rooms: [polled(1, true), polled(2, true)], unreadable: [] });
    expect(h.statuses).toEqual(['ok', 'ok', 'ok']);
    expect(h.facts).toEqual([undefined, { unreadable: [odd] }, undefined]);
    // An odd room without a readable id cannot be kept by id: the rooms not listed still go.
    await h.poll({
      ok: true,
      rooms: [polled(1, true)],
      unreadable: [{ field: 'roomId', detail: 'x' }],
    });
    expect(roomIds(h)).toEqual([1]);
  });

  it('a failed poll drops nothing', async () => {
    const h = syncHarness();
    await h.poll({ ok: true, rooms: [polled(1, false), polled(2, false)] });
    await h.poll({ ok: false, status: 'unreachable', detail: 'ECONNREFUSED' });
    expect(roomIds(h)).toEqual([1, 2]);
  });
});

describe('selectRooms', () => {
  const rooms = [polled(23058, true, true, 3), polled(1000, false)];
  it('keeps every room when none is configured', () =>
    expect(selectRooms(rooms, [])).toHaveLength(2));
  it('matches the long id', () =>
    expect(selectRooms(rooms, [1000]).map((r) => r.roomId)).toEqual([1000]));
  it('matches the short id', () =>
    expect(selectRooms(rooms, [3]).map((r) => r.roomId)).toEqual([23058]));
  it('does not match short id 0', () => expect(selectRooms(rooms, [0])).toHaveLength(0));
});
