// The checkpoint worker (a worker_threads Worker started by wal-file.ts): its own connection with
// synchronous=FULL copies the WAL into the database file and starts the WAL over, so that a
// checkpoint's fsyncs never run on the main thread. It imports only Node and better-sqlite3: it
// is bundled alone (tools/build/worker-bundle.ts) and runs as it is under tsx and vitest.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** What the worker is started with (wal-file.ts). */
export interface CheckpointWorkerData {
  path: string;
  nativeBinding: string | undefined;
  busyTimeoutMs: number;
  /** The WAL is cut back to this size when it starts over (SQLite's journal_size_limit). */
  walLimitBytes: number;
}

/** The answer to a 'checkpoint' message: what it did, or what went wrong. */
export type CheckpointReply = { restarted: boolean; log: number; ms: number } | { error: string };

const data = workerData as CheckpointWorkerData;
const port = parentPort;
if (port === null) throw new Error('checkpoint-worker.ts runs only as a worker thread');

const db = new Database(data.path, {
  timeout: data.busyTimeoutMs,
  ...(data.nativeBinding !== undefined ? { nativeBinding: data.nativeBinding } : {}),
});
// FULL: the checkpoint syncs the WAL before it copies, and the database file before it marks the
// WAL as copied (sqlite3.c, walCheckpoint), so the WAL starts over only once the file holds it.
db.pragma('synchronous = FULL');
db.pragma('wal_autocheckpoint = 0');
db.pragma(`journal_size_limit = ${Math.max(0, Math.floor(data.walLimitBytes))}`);

port.on('message', (request: 'checkpoint' | 'close') => {
  if (request === 'close') {
    db.close();
    port.close();
    return;
  }
  const started = performance.now();
  let reply: CheckpointReply;
  try {
    // RESTART, not TRUNCATE: the app's next commits write over the WAL in place, which costs the
    // disk's sync less than a file that grows again (bench/webhook.ts). It holds the writer lock
    // and waits for readers; the app's commits wait meanwhile (database-handle.ts).
    const [row] = db.pragma('wal_checkpoint(RESTART)') as { busy: number; log: number }[];
    const restarted = row?.busy === 0;
    // The first write after a whole checkpoint starts the WAL over with a new header, and only a
    // synced header keeps old frames from coming back after a power cut
    // (https://sqlite.org/src/info/ff5be73dee): written here, with FULL, so that the app's commits
    // append after it. application_id written back unchanged is the smallest write (one page).
    if (restarted)
      db.pragma(`application_id = ${Number(db.pragma('application_id', { simple: true }))}`);
    reply = { restarted, log: row?.log ?? -1, ms: performance.now() - started };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
