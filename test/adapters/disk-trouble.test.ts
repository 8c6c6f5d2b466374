import { execFileSync } from 'node:child_process';
import type * as NodeFs from 'node:fs';
import type * as NodeFsPromises from 'node:fs/promises';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { APP_MIGRATIONS } from '../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../main/adapters/database/database-handle';
import { Deliveries } from '../../main/adapters/database/deliveries';
import { deliveriesJournal } from '../../main/adapters/database/deliveries-journal';
import { EventLogTable } from '../../main/adapters/database/event-log-table';
import { HistoryTables } from '../../main/adapters/database/history-tables';
import { OutboxTable } from '../../main/adapters/database/outbox-table';
import { OutboxDispatcher } from '../../main/app/outbox-dispatcher';
import { popupEffects } from '../../main/core/outbox';
import { PushSink } from '../../main/features/push/app/push-sink';
import type { SettingsBackendFactory } from '../../main/adapters/settings-backend';
import { settingsFileBackend } from '../../main/adapters/settings-file';
import { SettingsStore } from '../../main/adapters/settings-store';
import { WebhookServer } from '../../main/adapters/webhook-listener/webhook-server';
import { WebhookIntake } from '../../main/core/webhook-intake';
import type { HistoryFile } from '../../shared/history';
import { makeNotification } from '../fakes/history-records';
import { memoryLogger } from '../fakes/silent-logger';
import { postWebhook } from '../helpers/http';
import { v2 } from '../helpers/recorder-events';

// A full or failing disk: on a real tmpfs of 2 MB when this machine lets the suite mount one (it
// runs as root in CI), otherwise through a failing file-system port: the same steps either way.
// The port: while `injected` is set, every write through node:fs fails with that error code.
// `failedWrites` counts the writes through node:fs's writeSync that threw, either way: the
// history's retries are waited for by their count, not by a sleep.
const fault = vi.hoisted(() => ({ injected: undefined as string | undefined, failedWrites: 0 }));
const failure = () =>
  Object.assign(new Error(`${fault.injected}: injected`), { code: fault.injected });
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof NodeFs>();
  const writeSync = ((...args: Parameters<typeof fs.writeSync>) => {
    try {
      if (fault.injected) throw failure();
      return (fs.writeSync as (...a: unknown[]) => number)(...args);
    } catch (error) {
      fault.failedWrites += 1;
      throw error;
    }
  }) as typeof fs.writeSync;
  return { ...fs, default: { ...fs, writeSync }, writeSync };
});
vi.mock('node:fs/promises', async (original) => {
  const fs = await original<typeof NodeFsPromises>();
  const open: typeof fs.open = async (...args) => {
    const handle = await fs.open(...args);
    const write = handle.write.bind(handle) as (...a: unknown[]) => Promise<unknown>;
    Object.assign(handle, {
      write: (...a: unknown[]) => (fault.injected ? Promise.reject(failure()) : write(...a)),
    });
    return handle;
  };
  return { ...fs, default: { ...fs, open }, open };
});

let root: string;
let dataDir: string;
let mounted = false;
const MODE = () => (mounted ? 'a real tmpfs of 2 MB' : 'an injected failing file-system port');

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'disk-trouble-'));
  dataDir = join(root, 'data');
  await mkdir(dataDir);
  try {
    // DISK_TROUBLE_NO_MOUNT=1 runs the port's way on a machine that could mount (to check it).
    if (process.env.DISK_TROUBLE_NO_MOUNT) throw new Error('mount not wanted');
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dataDir], { stdio: 'pipe' });
    mounted = true;
  } catch {
    mounted = false;
  }
  process.stdout.write(`disk-trouble: running on ${MODE()}\n`);
});

afterAll(async () => {
  if (mounted) execFileSync('umount', [dataDir]);
  await rm(root, { recursive: true, force: true });
});

/** Fills the disk (or turns the failing port on). */
async function fill(): Promise<void> {
  if (!mounted) {
    fault.injected = 'ENOSPC';
    return;
  }
  const chunk = Buffer.alloc(64 * 1024, 1);
  for (let i = 0; ; i += 1) {
    try {
      await writeFile(join(dataDir, `filler-${i}`), chunk);
    } catch {
      return; // full: the last filler may be short, which is what a full disk looks like
    }
  }
}

/** Frees the space again. */
async function free(): Promise<void> {
  fault.injected = undefined;
  if (!mounted) return;
  for (let i = 0; ; i += 1) {
    try {
      await rm(join(dataDir, `filler-${i}`));
    } catch {
      return;
    }
  }
}

/**
 * Without a tmpfs, SQLite's own page limit stands for the full disk (SQLITE_FULL either way): the
 * injected port of node:fs does not reach SQLite's writes.
 */
const sqliteFull = (database: DatabaseHandle) => (on: boolean) =>
  database
    .connection()!
    .pragma(
      `max_page_count = ${on ? String(database.connection()!.pragma('page_count', { simple: true })) : 1_073_741_823}`,
    );

const file = (i: number): HistoryFile => ({
  roomId: 1,
  relativePath: `a/${i}.flv`,
  name: 'n',
  title: 't',
  finished: true,
  finishedAt: i,
  key: `${i}:FileClosed`,
});

describe('a full disk', () => {
  test('at the journal: the listener answers 5xx, never 2xx without an entry, and 204 again once there is room', async () => {
    const dir = join(dataDir, 'listener');
    await mkdir(dir, { recursive: true });
    const database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    const journal = new Deliveries(database);
    const full = sqliteFull(database);
    const log = memoryLogger();
    const server = new WebhookServer({
      intake: new WebhookIntake(
        deliveriesJournal(database, journal, new EventLogTable(database)),
        Date.now,
      ),
      onAccepted: () => {},
      recorderIds: () => ['default'],
      version: '1',
      startedAt: 0,
      clock: Date.now,
      log,
    });
    const { webhookUrl } = await server.start({ host: '127.0.0.1', port: 0, token: '' });
    const body = (i: number) =>
      JSON.stringify(v2('StreamStarted', { roomId: 100 + i, title: 'x'.repeat(20_000) }, i));
    try {
      expect((await postWebhook(webhookUrl, body(0))).status).toBe(204);
      await fill();
      if (!mounted) full(true);
      const refused = body(1);
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await postWebhook(webhookUrl, refused)).status);
      expect(statuses, MODE()).toEqual([500, 500, 500]); // the retries too: none is a duplicate
      expect(database.trouble).toMatch(/full/);
      await free();
      if (!mounted) full(false);
      // The recorder's next retry of the refused event is accepted, not taken for a duplicate.
      expect((await postWebhook(webhookUrl, refused)).status).toBe(204);
      expect(database.trouble).toBeUndefined();
    } finally {
      await server.stop();
    }
    // What was refused left nothing behind; what was accepted is whole.
    expect(
      journal
        .read()
        .entries.map((entry) => (entry.body as { EventData: { RoomId: number } }).EventData.RoomId),
    ).toEqual([100, 101]);
    database.close();
  });

  test('at the history: writes wait in memory and are retried in order, the trouble told once, and it recovers by itself', async () => {
    const dir = join(dataDir, 'history');
    await mkdir(dir, { recursive: true });
    const database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    const warnings: string[] = [];
    const troubles: (string | undefined)[] = [];
    const history = new HistoryTables(database, {
      warn: (message) => warnings.push(message),
      onTrouble: (trouble) => troubles.push(trouble),
      retryMs: 20,
    });
    const full = sqliteFull(database);
    history.addFile(file(0));
    await history.flush();
    await fill();
    if (!mounted) full(true);
    for (let i = 1; i <= 50; i += 1) history.addFile({ ...file(i), title: 'x'.repeat(2048) });
    await history.flush(); // resolves at the first failure: nothing waits for the disk
    expect(history.trouble, MODE()).toMatch(/cannot write the history/);
    // Retries go on in the background; still one warning, one report.
    const failed = () => database.trouble !== undefined;
    await vi.waitFor(() => expect(failed()).toBe(true));
    expect(warnings.filter((w) => w.includes('cannot write'))).toHaveLength(1);
    expect(troubles).toHaveLength(1);
    await free();
    if (!mounted) full(false);
    await vi.waitFor(() => expect(history.trouble).toBeUndefined());
    expect(troubles).toEqual([expect.stringMatching(/full|disk|I\/O/i), undefined]);
    // Every file listed once, in order.
    expect(history.list('files').map((f) => f.finishedAt)).toEqual(
      Array.from({ length: 51 }, (_, i) => i),
    );
    await history.close();
    database.close();
    await rm(dir, { recursive: true, force: true }); // the tmpfs is small
  });

  test('a popup waiting for its commit goes at once while the disk is full; its row follows, not owed', async () => {
    const dir = join(dataDir, 'popups');
    await mkdir(dir, { recursive: true });
    const database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    const outbox = new OutboxTable(database, () => undefined);
    const history = new HistoryTables(database, { outbox, warn: () => undefined, retryMs: 20 });
    const full = sqliteFull(database);
    const shown: string[] = [];
    const dispatcher = new OutboxDispatcher({
      popups: { name: 'popups', decided: (entry) => shown.push(entry.notification.id) },
      push: new PushSink({ outbox }),
      outbox,
      history,
      failed: () => {},
    });
    const decide = (i: number) => {
      const entry = makeNotification(i);
      entry.notification.body = 'x'.repeat(8 * 1024);
      const kept = history.addNotification(entry, [], popupEffects(entry));
      if (!kept) throw new Error('not recorded');
      dispatcher.decided(entry, kept);
    };
    await fill();
    if (!mounted) full(true);
    decide(1);
    decide(2);
    await vi.waitFor(() => expect(shown, MODE()).toEqual(['n-1', 'n-2'])); // in order, not waiting
    expect(history.trouble).toBeDefined();
    await free();
    if (!mounted) full(false);
    await vi.waitFor(() => expect(history.trouble).toBeUndefined());
    expect(history.list('notifications').map((n) => n.notification.id)).toEqual(['n-1', 'n-2']);
    expect(outbox.load()).toEqual([]); // shown already: not owed again at the next start
    await history.close();
    database.close();
    await rm(dir, { recursive: true, force: true }); // the tmpfs is small
  });

  test('a history close while the disk is full gives up with a warning instead of hanging', async () => {
    const dir = join(dataDir, 'history-close');
    await mkdir(dir, { recursive: true });
    const database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
    const warnings: string[] = [];
    const history = new HistoryTables(database, {
      warn: (m) => warnings.push(m),
      retryMs: 60_000,
    });
    const full = sqliteFull(database);
    await fill();
    if (!mounted) full(true);
    for (let i = 1; i <= 20; i += 1) history.addFile({ ...file(i), title: 'x'.repeat(2048) });
    await history.flush();
    expect(history.trouble, MODE()).toBeDefined();
    await history.close();
    expect(warnings.some((w) => w.includes('gave up writing at close'))).toBe(true);
    await free();
    if (!mounted) full(false);
    database.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('at the settings: a change holds in memory, is written once there is room, the trouble told once', async () => {
    const dir = join(dataDir, 'settings');
    await mkdir(dir, { recursive: true });
    const log = memoryLogger();
    const troubles: (string | undefined)[] = [];
    // The port's way: the backend's atomic write is refused while a fault is injected.
    const backend: SettingsBackendFactory = (options) => {
      const real = settingsFileBackend(options);
      return {
        get path() {
          return real.path;
        },
        get store() {
          return real.store;
        },
        set store(value) {
          if (fault.injected) throw failure();
          real.store = value;
        },
      };
    };
    const store = await SettingsStore.open({
      dir,
      log,
      backend,
      onTrouble: (trouble) => troubles.push(trouble),
      retryMs: 20,
    });
    await store.update({ language: 'en' });
    await fill();
    expect(await store.update({ language: 'zh-CN' })).toMatchObject({ ok: true });
    expect(await store.update({ notifications: { groupWindowSeconds: 7 } })).toMatchObject({
      ok: true,
    });
    expect(store.get().language).toBe('zh-CN'); // in force at once
    expect(store.trouble, MODE()).toBeDefined();
    await free();
    await vi.waitFor(() => expect(store.trouble).toBeUndefined());
    expect(troubles).toEqual([expect.any(String), undefined]);
    expect(log.lines.filter((line) => line.includes('cannot write'))).toHaveLength(1);
    const saved = JSON.parse(await readFile(store.path, 'utf8')) as {
      language: string;
      notifications: { groupWindowSeconds: number };
    };
    expect([saved.language, saved.notifications.groupWindowSeconds]).toEqual(['zh-CN', 7]);
  });
});

describe('a read-only data folder', () => {
  test('the database cannot open: the listener still starts, answers 5xx, then 204 once writable', async () => {
    const dir = join(root, 'read-only');
    await mkdir(dir);
    // Without a mount, a folder that does not exist yet stands for one that cannot be written.
    const dbDir = mounted ? dir : join(dir, 'not-yet');
    let readOnly = false;
    if (mounted) {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,ro', 'tmpfs', dir]);
      readOnly = true;
    }
    try {
      const database = DatabaseHandle.open(dbDir, { migrations: APP_MIGRATIONS });
      expect(database.trouble, MODE()).toMatch(/cannot open the database/);
      const journal = new Deliveries(database);
      const server = new WebhookServer({
        intake: new WebhookIntake(
          deliveriesJournal(database, journal, new EventLogTable(database)),
          Date.now,
        ),
        onAccepted: () => {},
        recorderIds: () => ['default'],
        version: '1',
        startedAt: 0,
        clock: Date.now,
        log: memoryLogger(),
      });
      const { webhookUrl } = await server.start({ host: '127.0.0.1', port: 0, token: '' });
      const body = JSON.stringify(v2('StreamStarted', { roomId: 7 }, 0));
      try {
        expect((await postWebhook(webhookUrl, body)).status, MODE()).toBe(500);
        if (mounted) execFileSync('mount', ['-o', 'remount,rw', dir]);
        else await mkdir(dbDir);
        expect((await postWebhook(webhookUrl, body)).status).toBe(204);
      } finally {
        await server.stop();
      }
      expect(journal.read().entries.map((entry) => entry.seq)).toEqual([2]);
      database.close();
    } finally {
      if (readOnly) execFileSync('umount', [dir]);
    }
  });
});
