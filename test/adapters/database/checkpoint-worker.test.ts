import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import type { CheckpointWorkerData } from '../../../main/adapters/database/checkpoint-worker';
import { bundledNativeBinding } from '../../../main/adapters/database/native-binding';
import { openDatabase } from '../../../main/adapters/database/open-database';
import { MAIN_NODE_TARGET } from '../../../tools/build/main-bundle';
import {
  checkpointWorkerBeside,
  checkpointWorkerBuildOptions,
} from '../../../tools/build/worker-bundle';
import { PROJECT_ROOT } from '../../helpers/headless-process';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'checkpoint-worker-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the checkpoint worker', () => {
  test('bundled as packaged (one .mjs file, no node_modules), it copies the WAL and starts it over with a page of its own, cut back to its limit', async () => {
    const file = checkpointWorkerBeside(join(dir, 'bundle', 'main.js'));
    buildSync(checkpointWorkerBuildOptions(PROJECT_ROOT, file, MAIN_NODE_TARGET, false));
    const { db, lock, path } = openDatabase(dir, { migrations: APP_MIGRATIONS });
    const insert = db.prepare('INSERT INTO marks (name, value) VALUES (?, ?)');
    for (let i = 0; i < 200; i += 1) insert.run(`mark-${i}`, i);
    const databaseBytes = statSync(path).size;
    // As the app starts it: the bundle has no `bindings` lookup of its own (native-binding.ts).
    const workerData: CheckpointWorkerData = {
      path,
      nativeBinding: bundledNativeBinding(import.meta.url),
      busyTimeoutMs: 2_000,
      walLimitBytes: 8192,
    };
    const worker = new Worker(file, { workerData });
    try {
      worker.postMessage('checkpoint');
      const [reply] = (await once(worker, 'message')) as [unknown];
      expect(reply).toMatchObject({ restarted: true });
      expect(statSync(`${path}-wal`).size).toBeLessThanOrEqual(8192);
      expect(statSync(path).size).toBeGreaterThan(databaseBytes); // copied into the database file
      expect(db.prepare('SELECT count(*) FROM marks').pluck().get()).toBe(200);
      // Started over: the WAL holds the worker's one page; the next commit writes after it.
      insert.run('after', 1);
      expect(db.pragma('wal_checkpoint(PASSIVE)')).toEqual([{ busy: 0, log: 2, checkpointed: 2 }]);
      worker.postMessage('close');
      await once(worker, 'exit');
    } finally {
      await worker.terminate();
      db.close();
      lock.close();
    }
  });
});
