// The checkpoint worker (a worker_threads Worker started by checkpointer.ts): its own connection
// to the database, with synchronous=FULL, copies the WAL into the database file and starts the
// WAL over, so that the fsyncs of a checkpoint (the WAL's, the database file's, the new WAL
// header's) never run on the main thread. It
// imports nothing of the app (only Node and better-sqlite3): it is bundled alone
// (tools/build/worker-bundle.ts) and runs as it is under tsx and vitest.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** What the worker is started with (checkpointer.ts). */
export interface CheckpointWorkerData {
  path: string;
  nativeBinding: string | undefined;
  busyTimeoutMs: number;
  /** The WAL is cut back to this size when it starts over (SQLite's journal_size_limit). */
  walLimitBytes: number;
}

/** A request: `checkpoint` runs one; `close` closes the connection and ends the worker. */
export interface CheckpointRequest {
  id: number;
  kind: 'checkpoint' | 'close';
}

/** The answer to a request: SQLite's three numbers and whether the WAL started over, or what went wrong. */
export type CheckpointReply =
  | {
      id: number;
      ok: true;
      busy: boolean;
      log: number;
      checkpointed: number;
      restarted: boolean;
      ms: number;
    }
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
db.pragma(`journal_size_limit = ${Math.max(0, Math.floor(data.walLimitBytes))}`);

port.on('message', (request: CheckpointRequest) => {
  if (request.kind === 'close') {
    db.close();
    port.close();
    return;
  }
  const started = performance.now();
  try {
    // RESTART, not TRUNCATE: the WAL keeps its size and the app's next commits write over it in
    // place, which costs the disk's sync less than a file that grows again (bench/webhook.ts). It
    // waits for the writer lock and for readers to finish; the app holds its commits back while
    // this runs (database-handle.ts).
    const [row] = db.pragma('wal_checkpoint(RESTART)') as {
      busy: number;
      log: number;
      checkpointed: number;
    }[];
    const busy = row?.busy !== 0;
    // Then the WAL starts over here, with FULL: the first write after a whole checkpoint writes a
    // new WAL header, and only a synced header keeps old frames from coming back after a power cut
    // (https://sqlite.org/src/info/ff5be73dee). The app's commits run with synchronous=OFF, which
    // would not sync it. Writing application_id back unchanged is the smallest write there is (one
    // page); the WAL is cut back to walLimitBytes as it starts over.
    if (!busy)
      db.pragma(`application_id = ${Number(db.pragma('application_id', { simple: true }))}`);
    port.postMessage({
      id: request.id,
      ok: true,
      busy,
      log: row?.log ?? -1,
      checkpointed: row?.checkpointed ?? -1,
      restarted: !busy,
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
