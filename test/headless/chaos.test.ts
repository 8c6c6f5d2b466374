import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import { seededRandom } from '../fakes/fake-recorder/rooms';
import {
  smallLimitsBundle,
  killAll,
  startHeadless,
  type HeadlessProcess,
} from '../helpers/headless-process';
import { postWebhook } from '../helpers/http';
import { liveSession, type TestRoom } from '../helpers/recorder-events';

// Issue 12, point 6: a headless app receives a seeded stream of real-format deliveries (retries,
// duplicates, V1 and V2 of one file, out of order) and is killed with SIGKILL at random moments,
// start-up (import, pruning, recovery) included, over 30 rounds. Small limits (SMALL_TEST_LIMITS,
// through the test-only entry test/fakes/headless-small-limits.ts) make the deliveries pruned
// and the history compact every few rounds. The bundle (as `npm run headless` runs it) starts in about 1.5 s instead of 5 s through tsx. Re-run
// a seed with CHAOS_SEED=<n>.

const ROUNDS = 30;
const SEED = Number(process.env.CHAOS_SEED ?? Date.now() % 1_000_000);
const running: HeadlessProcess[] = [];
let dataDir: string;
let bundle: string;

/** One delivery as the recorder would post it, the recorder that posts it, and its file, if any. */
interface Delivery {
  text: string;
  file?: string;
  room: number;
  recorder: 'pc' | 'nas';
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'chaos-'));
  bundle = smallLimitsBundle();
  await writeFile(
    join(dataDir, 'config.json'),
    // Every happening pops up as itself (no summaries), so popups can be counted per happening.
    // Two recorders (webhooks only): the PC on the plain URL, the NAS on its own.
    JSON.stringify({
      recorders: [
        { id: 'pc', url: '' },
        { id: 'nas', url: '' },
      ],
      notifications: { groupWindowSeconds: 0 },
    }),
  );
});

afterAll(async () => {
  await killAll(running);
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * The stream: 16 rooms, each one live stream with two files (V2 and V1), shuffled and repeated;
 * the even rooms on the PC, the odd ones on the NAS, and every fourth room's go-live told by the
 * other recorder too (a hot standby: still one popup).
 */
function deliveries(random: () => number): Delivery[] {
  const rooms: TestRoom[] = Array.from({ length: 16 }, (_, i) => ({
    roomId: 1000 + i,
    name: `房间${i}`,
  }));
  const recorderOf = (roomId: number): Delivery['recorder'] => (roomId % 2 === 0 ? 'pc' : 'nas');
  const other = (recorder: Delivery['recorder']) => (recorder === 'pc' ? 'nas' : 'pc');
  const bodies: { body: Record<string, any>; recorder: Delivery['recorder'] }[] = [];
  rooms.forEach((room, i) => {
    for (const body of liveSession(room, 2, i * 100)) {
      bodies.push({ body, recorder: recorderOf(room.roomId) });
      if (i % 4 === 0 && body.EventType === 'StreamStarted') {
        const copy = { ...body, EventId: seededUuid(random) }; // the other recorder's own event
        bodies.push({ body: copy, recorder: other(recorderOf(room.roomId)) });
      }
    }
  });
  // Out of order: each body moves up to three places (a V1 stays near its V2, as the recorder
  // sends them: far apart, the small test dedupe window could forget one).
  for (let i = 0; i < bodies.length - 1; i += 1) {
    const j = Math.min(bodies.length - 1, i + Math.floor(random() * 4));
    [bodies[i], bodies[j]] = [bodies[j]!, bodies[i]!];
  }
  const out: Delivery[] = [];
  for (const { body, recorder } of bodies) {
    const data = (body.EventData ?? body) as { RelativePath?: string; RoomId: number };
    const delivery = { text: JSON.stringify(body), room: data.RoomId, recorder };
    if (data.RelativePath && (body.EventType === 'FileClosed' || !body.EventType))
      Object.assign(delivery, { file: basename(data.RelativePath) });
    out.push(delivery);
    if (random() < 0.3) out.push(delivery); // the recorder's retry, identical bytes
  }
  return out;
}

/** A lowercase hyphenated GUID from the seeded generator, as the recorder writes EventId. */
function seededUuid(random: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const headless = () =>
  startHeadless(
    [
      '--port',
      '0',
      '--no-desktop',
      '--recorder-url',
      '',
      '--data-dir',
      dataDir,
      '--config',
      join(dataDir, 'config.json'),
    ],
    {},
    bundle,
  );

/** The database between two runs (no process holds it): its deliveries, mark and check. */
function databaseNow(): { deliveries: number; processedThrough: unknown; check: unknown } {
  const db = new Database(join(dataDir, DATABASE_FILE));
  try {
    return {
      deliveries: db.prepare('SELECT count(*) FROM deliveries').pluck().get() as number,
      processedThrough: db
        .prepare("SELECT value FROM marks WHERE name = 'processed_through'")
        .pluck()
        .get(),
      check: db.pragma('quick_check', { simple: true }),
    };
  } finally {
    db.close();
  }
}

/** The Files list's paths and the notifications' keys in the database (no process holds it). */
function historyNow(): { files: string[]; keys: string[] } {
  const db = new Database(join(dataDir, DATABASE_FILE));
  try {
    const bodies = db.prepare('SELECT body FROM files ORDER BY row').pluck().all() as string[];
    return {
      files: bodies.map((body) => (JSON.parse(body) as { relativePath: string }).relativePath),
      keys: db
        .prepare('SELECT key FROM notifications WHERE key IS NOT NULL')
        .pluck()
        .all() as string[],
    };
  } finally {
    db.close();
  }
}

const lines = async (file: string): Promise<unknown[]> =>
  (await readFile(join(dataDir, file), 'utf8').catch(() => ''))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown); // throws (fails the test) on a bad line

describe(`chaos: SIGKILL at random moments, ${ROUNDS} rounds (CHAOS_SEED=${SEED})`, () => {
  it('every answered delivery is reflected exactly once; nothing pops up twice; every file parses', async () => {
    process.stdout.write(`chaos: CHAOS_SEED=${SEED}\n`);
    const random = seededRandom(SEED);
    const queue = deliveries(random);
    const answered = new Set<string>(); // files whose FileClosed (V1 or V2) was answered 2xx
    const all: HeadlessProcess[] = [];
    const journalSizes: number[] = [];
    try {
      for (let round = 0; round < ROUNDS; round += 1) {
        const p = headless();
        running.push(p);
        all.push(p);
        await roundOfTraffic(p, queue, answered, random);
        await p.exited;
        const now = databaseNow();
        expect(now.check).toBe('ok');
        journalSizes.push(now.deliveries);
      }
      // The last start: no kill. The rest of the stream, then wait until every answered file
      // popped up, and stop it gracefully.
      const last = headless();
      running.push(last);
      all.push(last);
      const ready = await last.waitFor((l) => l.type === 'ready', 30_000);
      for (const d of queue.splice(0)) {
        const status = (await postWebhook(ready.webhookUrls[d.recorder], d.text)).status;
        expect(status).toBe(204);
        if (d.file) answered.add(d.file);
      }
      const popups = () =>
        all
          .flatMap((p) => p.lines)
          .filter((l) => l.type === 'notification' && l.event === 'FileClosed')
          .map((l) => String(l.body).split('\n')[0] ?? '');
      await vi.waitFor(() => expect(new Set(popups())).toEqual(answered), { timeout: 20_000 });
      expect(await last.stop()).toBe(0);

      // Every answered file popped up (the wait above); a popup shown again after a kill between
      // its shown mark and the popup (owed, then shown: issue 32) is a repeat, counted, never a loss.
      const counts = new Map<string, number>();
      for (const name of popups()) counts.set(name, (counts.get(name) ?? 0) + 1);
      const live = all
        .flatMap((p) => p.lines)
        .filter((l) => l.type === 'notification' && l.event === 'StreamStarted')
        .map((l) => (l.roomIds as number[]).join());
      const repeats =
        [...counts.values()].reduce((sum, n) => sum + n - 1, 0) + live.length - new Set(live).size;
      // The Files list: each answered file exactly once.
      const kept = historyNow();
      expect(kept.files.map((path) => basename(path)).sort()).toEqual([...answered].sort());
      // The notification history: no decision recorded twice.
      expect(kept.keys.length).toBe(new Set(kept.keys).size);
      // Every data file parses (lines() throws on a bad line).
      for (const name of await readdir(join(dataDir, 'history')))
        if (name.endsWith('.jsonl')) await lines(join('history', name));
      const end = databaseNow();
      expect(end.check).toBe('ok');
      expect(end.processedThrough).toEqual(expect.any(Number));
      const prunings = journalSizes.filter((n, i) => i > 0 && n < journalSizes[i - 1]!).length;
      process.stdout.write(
        `chaos: ${answered.size} files answered; ${repeats} popup(s) shown again after a kill; ` +
          `deliveries pruned ${prunings} time(s) ` +
          `between runs; deliveries kept ${journalSizes.join(' ')}\n`,
      );
    } catch (error) {
      process.stdout.write(`chaos: FAILED with CHAOS_SEED=${SEED}\n`);
      throw error;
    }
  }, 150_000);
});

/**
 * One round: a third of the rounds are killed at a random moment of start-up (import, pruning,
 * recovery); the rest a random time after ready, while deliveries are being posted.
 * A delivery not answered 2xx goes back to the front of the queue (the recorder retries it).
 */
async function roundOfTraffic(
  p: HeadlessProcess,
  queue: Delivery[],
  answered: Set<string>,
  random: () => number,
): Promise<void> {
  let killed = false;
  const kill = () => {
    killed = true;
    p.child.kill('SIGKILL');
  };
  if (random() < 0.33) {
    setTimeout(kill, random() * 1600);
    await p.exited;
    return;
  }
  const ready = await Promise.race([p.waitFor((l) => l.type === 'ready', 30_000), p.exited]);
  if (typeof ready !== 'object') return;
  setTimeout(kill, 20 + random() * 1000);
  while (!killed && queue.length > 0) {
    const d = queue.shift()!;
    // Now and then two copies at once, as the recorder posting to two URLs.
    const copies = random() < 0.15 ? 2 : 1;
    const statuses = await Promise.all(
      Array.from({ length: copies }, () =>
        postWebhook(ready.webhookUrls[d.recorder], d.text).then(
          (r) => r.status,
          () => 0,
        ),
      ),
    );
    if (statuses.some((s) => s === 204)) {
      if (d.file) answered.add(d.file);
    } else queue.unshift(d);
    await new Promise((resolve) => setTimeout(resolve, random() * 30));
  }
}
