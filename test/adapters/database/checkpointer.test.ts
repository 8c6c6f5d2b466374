import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import { Checkpointer } from '../../../main/adapters/database/checkpointer';
import { bundledNativeBinding } from '../../../main/adapters/database/native-binding';
import { DATABASE_FILE, openDatabase } from '../../../main/adapters/database/open-database';
import { MAIN_NODE_TARGET } from '../../../tools/build/main-bundle';
import {
  checkpointWorkerBeside,
  checkpointWorkerBuildOptions,
} from '../../../tools/build/worker-bundle';
import { PROJECT_ROOT } from '../../helpers/headless-process';

let dir: string;

/** What the app starts the worker with (database-handle.ts). */
const workerData = (path: string) => ({
  path,
  nativeBinding: bundledNativeBinding(import.meta.url),
  busyTimeoutMs: 2_000,
  walLimitBytes: 4 * 1024 * 1024,
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'checkpointer-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('Checkpointer', () => {
  test('the bundled worker (as packaged: one .mjs file, no node_modules) copies the WAL and starts it over, cut back to its limit', async () => {
    const worker = checkpointWorkerBeside(join(dir, 'bundle', 'main.js'));
    buildSync(checkpointWorkerBuildOptions(PROJECT_ROOT, worker, MAIN_NODE_TARGET, false));
    const { db, lock, path } = openDatabase(dir, { migrations: APP_MIGRATIONS });
    const insert = db.prepare('INSERT INTO marks (name, value) VALUES (?, ?)');
    for (let i = 0; i < 200; i += 1) insert.run(`mark-${i}`, i);
    expect(statSync(`${path}-wal`).size).toBeGreaterThan(0);
    const checkpointer = new Checkpointer(
      // As the app passes it: the bundle has no `bindings` lookup of its own (native-binding.ts).
      { ...workerData(path), walLimitBytes: 8192 },
      worker,
    );
    const databaseBytes = statSync(path).size;
    try {
      await expect(checkpointer.checkpoint()).resolves.toMatchObject({ restarted: true });
      expect(statSync(join(dir, `${DATABASE_FILE}-wal`)).size).toBeLessThanOrEqual(8192);
      expect(statSync(path).size).toBeGreaterThan(databaseBytes); // copied into the database file
      expect(db.prepare('SELECT count(*) FROM marks').pluck().get()).toBe(200);
      // Started over: the WAL holds the worker's one page; the next commit writes after it.
      insert.run('after', 1);
      expect(db.pragma('wal_checkpoint(PASSIVE)')).toEqual([{ busy: 0, log: 2, checkpointed: 2 }]);
    } finally {
      checkpointer.close();
      db.close();
      lock.close();
    }
  });

  test('a rested worker ends; the next checkpoint starts another that copies the WAL and starts it over', async () => {
    const worker = checkpointWorkerBeside(join(dir, 'bundle', 'main.js'));
    buildSync(checkpointWorkerBuildOptions(PROJECT_ROOT, worker, MAIN_NODE_TARGET, false));
    const { db, lock, path } = openDatabase(dir, { migrations: APP_MIGRATIONS });
    const insert = db.prepare('INSERT INTO marks (name, value) VALUES (?, ?)');
    const checkpointer = new Checkpointer(workerData(path), worker);
    try {
      insert.run('before', 1);
      await expect(checkpointer.checkpoint()).resolves.toMatchObject({ restarted: true });
      checkpointer.rest();
      insert.run('after', 2);
      // The worker's page, then this one.
      await expect(checkpointer.checkpoint()).resolves.toMatchObject({ restarted: true, log: 2 });
      expect(
        db
          .prepare('SELECT count(*) FROM marks WHERE name IN (?, ?)')
          .pluck()
          .get('before', 'after'),
      ).toBe(2);
    } finally {
      checkpointer.close();
      db.close();
      lock.close();
    }
  });

  test('no worker file: a checkpoint is refused with the reason (the handle then syncs inline)', async () => {
    const checkpointer = new Checkpointer(
      { ...workerData(join(dir, DATABASE_FILE)), nativeBinding: undefined, busyTimeoutMs: 50 },
      undefined,
    );
    await expect(checkpointer.checkpoint()).rejects.toThrow(/checkpoint worker file is missing/);
    expect(existsSync(join(dir, DATABASE_FILE))).toBe(false);
  });
});
