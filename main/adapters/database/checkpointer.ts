import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CheckpointReply, CheckpointRequest, CheckpointWorkerData } from './checkpoint-worker';
import { unpackedPath } from './native-binding';

/** The worker's file name in a bundle's folder (tools/build/worker-bundle.ts writes it). */
export const CHECKPOINT_WORKER_BUNDLE = 'checkpoint-worker.mjs';

/** What one checkpoint did: `restarted` when the whole WAL was copied and started over. */
export interface CheckpointDone {
  restarted: boolean;
  /** Frames in the WAL when it ran. */
  log: number;
  /** Time in the worker (ms). */
  ms: number;
}

/**
 * The checkpoint worker's file: the bundle's (`checkpoint-worker.mjs` beside the bundle that
 * runs, dist/main/ or dist/headless/, taken from app.asar.unpacked when packaged:
 * electron-builder.yml unpacks it, as a worker's ESM file inside the archive is not ours to
 * rely on: https://github.com/electron/electron/issues/22446) or, run from the sources (tsx,
 * vitest), the TypeScript file beside this one. Undefined when neither is there.
 */
export function checkpointWorkerFile(moduleUrl: string): string | undefined {
  const dir = dirname(fileURLToPath(moduleUrl));
  for (const name of [CHECKPOINT_WORKER_BUNDLE, 'checkpoint-worker.ts']) {
    const file = unpackedPath(join(dir, name));
    if (existsSync(file)) return file;
  }
  return undefined;
}

/**
 * How to start the worker from `file`: the bundle as it is; the TypeScript source (tsx, vitest)
 * through a small bootstrap that registers tsx's loader in the worker first (tsx is a
 * devDependency, there whenever the sources run): a worker does not inherit the test runner's
 * transform, and tsx registers itself in the main thread only on Node 20.
 */
function workerScript(file: string): { script: string | URL; eval: boolean } {
  if (!file.endsWith('.ts')) return { script: file, eval: false };
  // require.resolve gives the package's CommonJS face; the worker imports its ESM one beside it.
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const tsx = pathToFileURL(api).href;
  const source = pathToFileURL(file).href;
  const script = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return { script, eval: true };
}

/**
 * The main thread's side of the checkpoint worker (checkpoint-worker.ts): started at the first
 * checkpoint, one request at a time. A worker that cannot start or dies rejects what is asked of
 * it; the database handle then goes back to syncing on the main thread (database-handle.ts).
 */
export class Checkpointer {
  readonly #data: CheckpointWorkerData;
  readonly #file: string | undefined;
  #worker: Worker | undefined;
  #failed: Error | undefined;
  #next = 1;
  #pending = new Map<
    number,
    { resolve: (done: CheckpointDone) => void; reject: (e: Error) => void }
  >();

  constructor(data: CheckpointWorkerData, file: string | undefined) {
    this.#data = data;
    this.#file = file;
  }

  /** Runs one RESTART checkpoint in the worker, and starts the WAL over there. */
  checkpoint(): Promise<CheckpointDone> {
    const worker = this.#start();
    if (worker === undefined) return Promise.reject(this.#failed!);
    const id = this.#next++;
    return new Promise<CheckpointDone>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, kind: 'checkpoint' } satisfies CheckpointRequest);
    });
  }

  /**
   * Lets an idle worker end (its thread, V8 heap and connection are memory an app waiting for
   * webhooks need not hold); the next checkpoint starts a new one. Nothing is waiting on it then:
   * the handle rests it only after a checkpoint, with no commit since.
   */
  rest(): void {
    if (this.#worker === undefined || this.#pending.size > 0) return;
    this.#worker.postMessage({ id: 0, kind: 'close' } satisfies CheckpointRequest);
    this.#worker = undefined;
  }

  /** Asks the worker to close its connection and end; it does so after a checkpoint under way. */
  close(): void {
    this.#worker?.postMessage({ id: 0, kind: 'close' } satisfies CheckpointRequest);
    this.#worker = undefined;
    this.#failed ??= new Error('the checkpoint worker was closed');
    this.#fail(this.#failed);
  }

  #start(): Worker | undefined {
    if (this.#worker !== undefined || this.#failed !== undefined) return this.#worker;
    if (this.#file === undefined) {
      this.#failed = new Error('the checkpoint worker file is missing (checkpoint-worker.mjs)');
      return undefined;
    }
    try {
      const { script, eval: isEval } = workerScript(this.#file);
      const worker = new Worker(script, { workerData: this.#data, eval: isEval });
      // The app's exit is not held up by an idle worker; SQLite recovers a WAL left behind.
      worker.unref();
      worker.on('message', (reply: CheckpointReply) => this.#answer(reply));
      // Only the worker in use: one that was rested ends by itself, and that is no failure.
      worker.on('error', (error) => {
        if (this.#worker === worker) this.#fail(error);
      });
      worker.on('exit', (code) => {
        if (this.#worker === worker) this.#fail(new Error(`the checkpoint worker ended (${code})`));
      });
      this.#worker = worker;
      return worker;
    } catch (error) {
      this.#failed = error instanceof Error ? error : new Error(String(error));
      return undefined;
    }
  }

  #answer(reply: CheckpointReply): void {
    const waiting = this.#pending.get(reply.id);
    if (waiting === undefined) return;
    this.#pending.delete(reply.id);
    if (reply.ok) waiting.resolve({ restarted: reply.restarted, log: reply.log, ms: reply.ms });
    else waiting.reject(new Error(`checkpoint failed: ${reply.error}`));
  }

  #fail(error: Error): void {
    if (this.#worker !== undefined) this.#failed ??= error;
    this.#worker = undefined;
    for (const waiting of this.#pending.values()) waiting.reject(error);
    this.#pending.clear();
  }
}
