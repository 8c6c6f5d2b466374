// The checkpoint worker (a worker_threads Worker started by checkpointer.ts): its own connection
// to the database, with synchronous=FULL, copies the WAL into the database file so that the
// fsyncs of a checkpoint (the WAL's, then the database file's) never run on the main thread. It
// imports nothing of the app (only Node and better-sqlite3): it is bundled alone
// (tools/build/worker-bundle.ts) and runs as it is under tsx and vitest.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** What the worker is started with (checkpointer.ts). */
export interface CheckpointWorkerData {
  path: string;
  nativeBinding: string | undefined;
  busyTimeoutMs: number;
}

/** A request: `checkpoint` runs one; `close` closes the connection and ends the worker. */
export interface CheckpointRequest {
  id: number;
  kind: 'checkpoint' | 'close';
}

/** The answer to a request: SQLite's three numbers, or what went wrong. */
export type CheckpointReply =
  | { id: number; ok: true; busy: boolean; log: number; checkpointed: number; ms: number }
  | { id: number; ok: false; error: string };

const data = workerData as CheckpointWorkerData;
const port = parentPort;
if (port === null) throw new Error('checkpoint-worker.ts runs only as a worker thread');

const db = new Database(data.path, {
  timeout: data.busyTimeoutMs,
  ...(data.nativeBinding !== undefined ? { nativeBinding: data.nativeBinding } : {}),
});
// FULL: the checkpoint syncs the WAL before it copies, and the database file before it marks the
// WAL as copied (sqlite3.c, walCheckpoint: "Sync the WAL to disk", then sqlite3OsSync(pDbFd)
// before nBackfill is stored), so the WAL is reset only once the database file holds it on disk.
db.pragma('synchronous = FULL');
db.pragma('wal_autocheckpoint = 0');

port.on('message', (request: CheckpointRequest) => {
  if (request.kind === 'close') {
    db.close();
    port.close();
    return;
  }
  const started = performance.now();
  try {
    // TRUNCATE, not PASSIVE: it leaves an empty WAL, so the app's next commit (synchronous=OFF,
    // which writes the new WAL header without syncing it) cannot leave old frames on the disk
    // that a power cut would bring back (https://sqlite.org/src/info/ff5be73dee). It waits for
    // the writer lock; the app holds its commits back while this runs (database-handle.ts).
    const [row] = db.pragma('wal_checkpoint(TRUNCATE)') as {
      busy: number;
      log: number;
      checkpointed: number;
    }[];
    port.postMessage({
      id: request.id,
      ok: true,
      busy: row?.busy !== 0,
      log: row?.log ?? -1,
      checkpointed: row?.checkpointed ?? -1,
      ms: performance.now() - started,
    } satisfies CheckpointReply);
  } catch (error) {
    port.postMessage({
      id: request.id,
      ok: false,
      error: error instanceof Error ? error.message : String(error),
    } satisfies CheckpointReply);
  }
});
