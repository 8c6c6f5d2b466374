import { once } from 'node:events';
import { closeSync, existsSync, fdatasync, fstatSync, openSync } from 'node:fs';
import type { NoParamCallback } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { errorMessage } from '../../core/log-text';
import type { CheckpointReply, CheckpointWorkerData } from './checkpoint-worker';
import { bundledNativeBinding, unpackedPath } from './native-binding';
import type { OpenOptions } from './open-database';

/** How a descriptor is synced: node's `fdatasync` (a test gives one that fails as a disk's EIO does). */
export type SyncFile = (fd: number, callback: NoParamCallback) => void;

/** A checkpoint is due once the WAL grows past this (SQLite's default, 1000 pages); it is cut back to it. */
export const CHECKPOINT_WAL_BYTES = 4 * 1024 * 1024;
/** An idle worker ends this long after its checkpoint: bench:memory's RSS after a load needs it. */
const WORKER_REST_MS = 10_000;
/** The worker's file name beside a bundle (tools/build/worker-bundle.ts writes it). */
export const CHECKPOINT_WORKER_BUNDLE = 'checkpoint-worker.mjs';

/** What one checkpoint did: `restarted` when the whole WAL was copied and started over. */
export type CheckpointDone = Exclude<CheckpointReply, { error: string }>;

/** How the worker runs (as the app's connection) and the WAL is synced, and what the caller is told. */
export interface WalOptions extends Pick<OpenOptions, 'nativeBinding' | 'busyTimeoutMs'> {
  fdatasync?: SyncFile;
  /** After each checkpoint the worker ran (tests and benches). */
  checkpointed?: (done: CheckpointDone) => void;
  /** Once, with the reason, when the worker cannot run and checkpoints go on this thread. */
  inline?: (why: string) => void;
}

/**
 * The database's `-wal`, synced and checkpointed off the main thread. `sync`: an fdatasync in
 * libuv's pool through a descriptor of our own (never the database's or `-shm`'s, whose close
 * drops SQLite's locks: https://www.sqlite.org/howtocorrupt.html#_posix_advisory_locks_canceled_by_a_separate_thread_doing_close_).
 * `checkpoint`, due past CHECKPOINT_WAL_BYTES: in a worker (checkpoint-worker.ts), else here.
 */
export class WalFile {
  readonly #fd: number;
  readonly #db: Database.Database;
  readonly #path: string;
  readonly #options: WalOptions;
  /** Started at the first checkpoint; null once it could not run. */
  #worker: { thread: Worker; ended: Promise<never> } | undefined | null;
  #rest: NodeJS.Timeout | undefined;
  #syncing: Promise<void> | undefined;
  /** The WAL passed its limit: the handle runs `checkpoint` before its next commit. */
  due = false;

  constructor(db: Database.Database, path: string, options: WalOptions) {
    this.#fd = openSync(`${path}-wal`, 'r+');
    [this.#db, this.#path, this.#options] = [db, path, options];
  }

  /** Syncs every write made to the WAL so far (one sync at a time: the handle waits for each). */
  sync(): Promise<void> {
    const sync = this.#options.fdatasync ?? fdatasync;
    return (this.#syncing = new Promise<void>((resolve, reject) =>
      sync(this.#fd, (error) => {
        this.#syncing = undefined;
        if (error) reject(error);
        else resolve();
      }),
    ));
  }

  /** A commit wrote the WAL: a checkpoint is due once it grew past its limit. */
  committed(): void {
    try {
      this.due ||= fstatSync(this.#fd).size > CHECKPOINT_WAL_BYTES;
    } catch {
      // Its size unknown: the next commit looks again.
    }
  }

  /** Copies the WAL into the database file and starts it over; rejects when that failed. */
  async checkpoint(): Promise<void> {
    this.due = false;
    clearTimeout(this.#rest);
    let reply: CheckpointReply | undefined;
    try {
      if (this.#worker !== null) {
        const worker = (this.#worker ??= startWorker(this.#path, this.#options));
        worker.thread.postMessage('checkpoint');
        const message = once(worker.thread, 'message');
        [reply] = (await Promise.race([message, worker.ended])) as [CheckpointReply];
      }
    } catch (error) {
      this.#worker = null;
      this.#options.inline?.(errorMessage(error));
    }
    // No worker: synced by SQLite here (NORMAL syncs checkpoints and the next WAL header).
    if (reply === undefined) return void this.#db.pragma('wal_checkpoint(RESTART)');
    if ('error' in reply) throw new Error(`checkpoint failed: ${reply.error}`);
    this.#rest = setTimeout(() => this.#letGo(), WORKER_REST_MS).unref();
    this.#options.checkpointed?.(reply);
  }

  /** Ends the worker; the descriptor closes once a sync under way settled. */
  close(): void {
    this.#letGo();
    const fd = this.#fd;
    if (this.#syncing === undefined) closeSync(fd);
    else void this.#syncing.catch(() => {}).finally(() => closeSync(fd));
  }

  #letGo(): void {
    clearTimeout(this.#rest);
    this.#worker?.thread.postMessage('close');
    if (this.#worker) this.#worker = undefined; // null stays: it cannot run
  }
}

/**
 * The worker from the bundle's file beside this code, in app.asar.unpacked when packaged (a
 * worker's ESM file inside the archive: https://github.com/electron/electron/issues/22446), or
 * from the sources (tsx, vitest) with tsx's loader registered first: a worker does not inherit it.
 */
function startWorker(path: string, options: WalOptions) {
  const workerData: CheckpointWorkerData = {
    path,
    nativeBinding: options.nativeBinding ?? bundledNativeBinding(import.meta.url),
    busyTimeoutMs: options.busyTimeoutMs ?? 2_000,
    walLimitBytes: CHECKPOINT_WAL_BYTES,
  };
  const dir = dirname(fileURLToPath(import.meta.url));
  const [file] = [CHECKPOINT_WORKER_BUNDLE, 'checkpoint-worker.ts']
    .map((name) => unpackedPath(join(dir, name)))
    .filter((path) => existsSync(path));
  if (file === undefined) throw new Error(`${CHECKPOINT_WORKER_BUNDLE} is missing from ${dir}`);
  let worker: Worker;
  if (file.endsWith('.ts')) {
    // tsx's ESM face, beside the CommonJS one that require.resolve gives.
    const api = createRequire(import.meta.url).resolve('tsx/esm/api');
    const [tsx, source] = [api.replace(/\.cjs$/, '.mjs'), file].map((path) =>
      JSON.stringify(pathToFileURL(path).href),
    );
    const script = `import(${tsx}).then((tsx) => { tsx.register(); return import(${source}); });`;
    worker = new Worker(script, { workerData, eval: true });
  } else worker = new Worker(file, { workerData });
  // An idle worker does not hold the app's exit; SQLite recovers a WAL left behind.
  worker.unref();
  const ended = new Promise<never>((_, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the checkpoint worker ended (${code})`)));
  });
  ended.catch(() => {}); // a rested worker ends too
  return { thread: worker, ended };
}
