import { randomUUID } from 'node:crypto';
import { fdatasync, statSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import type { SyncFile } from '../../main/adapters/database/wal-file';
import { formatRecorderTimestamp } from '../../shared/recorder/timestamp';
import { startApp, stopApps, type AppHarness } from '../../test/fakes/app-harness';
import { oneRecorder } from '../../test/fakes/recorder-settings';
import { fixtureText } from '../../test/helpers/fixtures';
import type { TraceFakes, TraceRoom } from './trace-fakes';

/** What the bench reads of the app's database to know an effect is on the disk. */
export interface StoredCounts {
  files: number;
  notifications: number;
  /** Notifications whose popup is owed (committed, not yet marked shown). */
  owed: number;
  /** The newest delivery's seq, and the processed mark (every delivery up to it processed). */
  newestSeq: number;
  processedThrough: number;
}

/** The app object started as the hosts start it, on real files, watching the fake recorder. */
export interface TracedApp {
  harness: AppHarness;
  /** The data folder, symlinks resolved (as strace names the files in it). */
  dataDir: string;
  /** What the database holds now, read by a connection of the bench's own. */
  stored(): StoredCounts;
  /** WAL syncs of the app's commits under way (through the `fdatasync` seam tests give it). */
  syncsUnderWay(): number;
  /** Waits until the database's files have not changed for `quietMs`. */
  settle(quietMs: number): Promise<void>;
  /** A FileClosed of `room` as the recorder sends it, its file written under the recording root. */
  fileClosed(room: TraceRoom): Promise<string>;
  close(): Promise<void>;
}

/** Resolves once `done()` holds, looking every 5 ms; rejects after `limitMs`. */
export async function until(done: () => boolean, what: string, limitMs = 30_000): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Starts the app through the tests' harness (app-harness.ts: the real listener on 127.0.0.1, the
 * real database in a temp folder, popups to a list) with the settings a user of a recorder on
 * this machine has: its URL (polled once an hour, so that only the bench's polls run), its
 * recording root, the pictures from the fake live API; the rest the defaults.
 */
export async function startTracedApp(fakes: TraceFakes): Promise<TracedApp> {
  const root = await realpath(await mkdtemp(join(tmpdir(), 'recorder-tray-bench-trace-')));
  const recordings = join(root, 'recordings');
  await mkdir(recordings);
  await mkdir(join(root, 'data'));
  let underWay = 0;
  const countedSync: SyncFile = (fd, callback) => {
    underWay += 1;
    fdatasync(fd, (error) => {
      underWay -= 1;
      callback(error);
    });
  };
  const harness = await startApp({
    dataDir: join(root, 'data'),
    settings: {
      ...oneRecorder({
        url: fakes.recorderUrl,
        pollIntervalSeconds: 3600,
        recordingRoot: recordings,
      }),
      pictures: { liveApiHost: fakes.liveApiUrl },
    },
    seams: { fdatasync: countedSync },
  });
  if (!harness.started?.ok) throw new Error('the app did not start');
  const reader = new Database(join(harness.dataDir, DATABASE_FILE), { readonly: true });
  const count = (sql: string) => Number(reader.prepare(sql).pluck().get() ?? 0);
  const databaseFiles = [DATABASE_FILE, `${DATABASE_FILE}-wal`].map((f) =>
    join(harness.dataDir, f),
  );
  const look = () =>
    databaseFiles
      .map((file) => {
        const stat = statSync(file, { throwIfNoEntry: false });
        return `${stat?.size}:${stat?.mtimeMs}`;
      })
      .join();
  return {
    harness,
    dataDir: harness.dataDir,
    stored: () => ({
      files: count('SELECT count(*) FROM files'),
      notifications: count('SELECT count(*) FROM notifications'),
      owed: count("SELECT count(*) FROM outbox WHERE kind = 'popup'"),
      newestSeq: count('SELECT max(seq) FROM deliveries'),
      processedThrough: count(`SELECT value FROM marks WHERE name = 'processed_through'`),
    }),
    syncsUnderWay: () => underWay,
    async settle(quietMs) {
      let last = look();
      let since = performance.now();
      while (performance.now() - since < quietMs) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const now = look();
        if (now !== last) [last, since] = [now, performance.now()];
      }
    },
    fileClosed: (room) => fileClosedBody(room, recordings),
    async close() {
      reader.close();
      await stopApps();
    },
  };
}

const FIXTURE = fixtureText('synthesized/webhook-v2-FileClosed.json');

/** The fixture's FileClosed, for `room` and now, with a file of its own written where it says. */
async function fileClosedBody(room: TraceRoom, recordings: string): Promise<string> {
  const body = JSON.parse(FIXTURE) as { EventData: Record<string, unknown> } & Record<
    string,
    unknown
  >;
  const closedAt = Date.now();
  const openedAt = closedAt - 3_600_000;
  const stamp = (ms: number) => formatRecorderTimestamp(ms, 480, 1234);
  // The recorder's default name: the opening time in +08:00, to the millisecond (one per file).
  const opened = new Date(openedAt + 8 * 3_600_000).toISOString().replace(/[-:]/g, '');
  const when = `${opened.slice(0, 8)}-${opened.slice(9, 15)}-${opened.slice(16, 19)}`;
  const relativePath = `${room.roomId}-${room.name}/录制-${room.roomId}-${when}-${room.title}.flv`;
  await mkdir(dirname(join(recordings, relativePath)), { recursive: true });
  await writeFile(join(recordings, relativePath), 'FLV\x01');
  body.EventId = randomUUID();
  body.EventTimestamp = stamp(closedAt);
  Object.assign(body.EventData, {
    SessionId: randomUUID(),
    RelativePath: relativePath,
    FileSize: 4,
    FileOpenTime: stamp(openedAt),
    FileCloseTime: stamp(closedAt),
    RoomId: room.roomId,
    ShortId: room.shortId,
    Name: room.name,
    Title: room.title,
  });
  return JSON.stringify(body);
}
