import { afterEach, expect, it, vi } from 'vitest';
import { seededRandom } from '../fakes/fake-recorder/rooms';
import { startApp, stopApps } from '../fakes/app-harness';
import { oneRecorder } from '../fakes/recorder-settings';
import { fixtureJson } from '../helpers/fixtures';
import { bendOnce, ODD_VALUES, pick } from '../helpers/fuzz';
import { serveOnLoopback } from '../helpers/http';
import { parseCallResponse } from '../../shared/ipc-contract';

// "No input crashes the app", for what the recorder's REST API answers: its room list, bent at
// random (a seeded stream; re-run one with FUZZ_SEED=<n>) and broken outright, polled by the
// app object through its real client. Each poll ends, the app goes on, nothing throws inside
// its pipeline, and a good answer afterwards shows the rooms again.

const SEED = Number(process.env.FUZZ_SEED ?? 11_25);
const BENT_LISTS = 120;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await stopApps();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const ROOM = fixtureJson<Record<string, unknown>[]>('synthesized/rest-GET-api-room.list.json')[0]!;
/** Five rooms as the recorder lists them. */
const GOOD_LIST: Record<string, unknown>[] = Array.from({ length: 5 }, (_, i) => ({
  ...structuredClone(ROOM),
  roomId: 23058 + i,
  objectId: `7467f2b3-e8c4-482a-8756-8437b58a5f4${i}`,
}));

/** The good list's first room with a field no schema reads, nested 20,000 deep. */
const DEEP_IN_UNREAD_FIELD = `[${JSON.stringify(ROOM).slice(0, -1)},"extra":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}]`;

/** Bodies no recorder sends: broken JSON, JSON of another shape, deep nesting. */
const RAW_BODIES = [
  '',
  '[{"roomId":23058',
  'null',
  '{}',
  '{"rooms":[]}',
  '"a string"',
  '[1,2,3]',
  '[null]',
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  DEEP_IN_UNREAD_FIELD,
];

/** The good list bent by one to six changes (bendOnce), or an odd value among its rooms. */
function bentList(random: () => number): string {
  const list: unknown[] = structuredClone(GOOD_LIST);
  const changes = 1 + Math.floor(random() * 6);
  for (let i = 0; i < changes; i++) {
    if (random() < 0.85) bendOnce(random, list, ODD_VALUES);
    else
      list.splice(
        Math.floor(random() * (list.length + 1)),
        0,
        structuredClone(pick(random, ODD_VALUES)),
      );
  }
  return JSON.stringify(list);
}

it('bent and broken room lists each end their poll; the app goes on, nothing throws in its pipeline, and a good list shows the rooms again', async () => {
  const random = seededRandom(SEED);
  let body = '[]';
  let served = 0;
  const base = await serveOnLoopback((req, res) => {
    if (req.url === '/api/room') {
      served += 1;
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    } else res.writeHead(404).end(); // the guardian's and others' calls: not this test's
  }, cleanups);
  const h = await startApp({
    settings: { ...oneRecorder({ url: base, pollIntervalSeconds: 3600 }) },
  });
  const poll = async (next: string) => {
    body = next;
    const before = served;
    h.app.pollNow();
    await vi.waitFor(() => expect(served).toBeGreaterThan(before));
  };

  await poll(JSON.stringify(GOOD_LIST));
  await vi.waitFor(() => expect(h.app.state().rooms).toHaveLength(GOOD_LIST.length));
  // A bent list is still a list: said as read (odd rooms named) or as bad data, never as no recorder.
  for (let i = 0; i < BENT_LISTS; i++) {
    await poll(bentList(random));
    expect(['ok', 'bad-data']).toContain(h.app.state().recorders[0]!.status);
  }
  // Each broken answer is said as the recorder's trouble; a deep value in a field nobody reads is not one.
  for (const raw of RAW_BODIES) {
    await poll(raw);
    const expected = raw === DEEP_IN_UNREAD_FIELD ? ['ok'] : ['not-a-recorder', 'bad-data'];
    await vi.waitFor(() => expect(expected).toContain(h.app.state().recorders[0]!.status));
  }
  // The state the window reads is still what the contract promises, whatever the polls carried.
  expect(parseCallResponse('state:get', h.app.state())).toMatchObject({ ok: true });

  // A good answer afterwards: the rooms as the recorder has them, whatever came before.
  await poll(JSON.stringify(GOOD_LIST));
  await vi.waitFor(() =>
    expect(h.app.state().rooms.map((room) => room.roomId)).toEqual(
      GOOD_LIST.map((room) => room.roomId),
    ),
  );
  expect(h.app.state().rooms.map((room) => room.title)).toEqual(
    GOOD_LIST.map((room) => room.title),
  );
  // Bad answers are the recorder's trouble, said in its status; none is a failure inside the app.
  expect(h.log.lines.filter((line) => line.startsWith('error'))).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}, 120_000);
