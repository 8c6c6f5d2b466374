import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_MIGRATIONS } from '../../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../../main/adapters/database/database-handle';
import { importLegacy } from '../../../../main/adapters/database/legacy-import';
import {
  LEGACY_OUTBOX,
  LEGACY_OUTBOX_FILE,
} from '../../../../main/features/push/adapters/legacy-outbox-import';
import { OutboxTable } from '../../../../main/adapters/database/outbox-table';

const handles: DatabaseHandle[] = [];

afterEach(() => {
  for (const handle of handles.splice(0)) handle.close();
});

const URL_A = 'ntfy://127.0.0.1:9/a';
const message = { title: 'room is live', body: '', language: 'zh-CN' as const };
const add = (id: string, key?: string) =>
  JSON.stringify({
    op: 'add',
    item: {
      id,
      notificationId: `n-${id}`,
      url: URL_A,
      message,
      firstAt: 10,
      ...(key ? { key } : {}),
    },
  });

async function importFolder(lines: string[]) {
  const dataDir = await mkdtemp(join(tmpdir(), 'legacy-outbox-'));
  writeFileSync(join(dataDir, LEGACY_OUTBOX_FILE), lines.map((l) => `${l}\n`).join(''));
  const db = DatabaseHandle.open(dataDir, { migrations: APP_MIGRATIONS });
  handles.push(db);
  const result = importLegacy(dataDir, db, Date.UTC(2026, 10, 27), [LEGACY_OUTBOX]);
  const warnings: string[] = [];
  return {
    dataDir,
    db,
    result,
    outbox: new OutboxTable(db, (m) => warnings.push(m)),
    /** Whether the happening of `key` is remembered as pushed to `url`. */
    pushed: (key: string, url: string) =>
      db.statement('SELECT 1 FROM push_keys WHERE key = ? AND url = ?').get(key, url) !== undefined,
    warnings,
  };
}

describe('the old push outbox, imported', () => {
  it('owes what still waited, with its attempts; forgets what settled; remembers every key pushed', async () => {
    const { dataDir, result, outbox, pushed, warnings } = await importFolder([
      JSON.stringify({ op: 'seen', pushes: ['17:StreamStarted\nntfy://127.0.0.1:9/b'] }),
      add('waiting', 'j3:FileClosed'),
      JSON.stringify({ op: 'try', id: 'waiting', at: 11, attempts: 2, reason: 'unreachable' }),
      add('sent', 'j4:FileClosed'),
      JSON.stringify({
        op: 'done',
        id: 'sent',
        record: { target: 'ntfy://127.0.0.1:9/***', status: 'sent', at: 12, attempts: 1 },
      }),
      add('never tried'),
      '{"op":"add","item":{"id":"cut sh',
    ]);
    const owed = outbox.load().map(({ payload, ...rest }) => ({
      ...rest,
      message: JSON.parse(payload!) as unknown,
    }));
    expect(owed).toEqual([
      {
        id: 1,
        kind: 'push',
        notificationId: 'n-waiting',
        target: URL_A,
        message,
        createdAt: 10,
        key: 'j3:FileClosed',
        attempts: 2,
      },
      {
        id: 2,
        kind: 'push',
        notificationId: 'n-never tried',
        target: URL_A,
        message,
        createdAt: 10,
        attempts: 0,
      },
    ]);
    expect(pushed('j3:FileClosed', URL_A)).toBe(true);
    expect(pushed('j4:FileClosed', URL_A)).toBe(true);
    expect(pushed('17:StreamStarted', 'ntfy://127.0.0.1:9/b')).toBe(true);
    expect(pushed('17:StreamStarted', URL_A)).toBe(false);
    // Two pushes owed and three keys.
    expect(result.imported).toBe(5);
    expect(result.warnings).toEqual([
      `import: 1 line(s) of ${LEGACY_OUTBOX_FILE} are not readable and were skipped`,
    ]);
    expect(existsSync(join(dataDir, LEGACY_OUTBOX_FILE))).toBe(false);
    expect(existsSync(join(result.movedTo!, LEGACY_OUTBOX_FILE))).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('is taken once: the file put back after the commit imports nothing again', async () => {
    const lines = [add('waiting')];
    const { dataDir, db, result } = await importFolder(lines);
    expect(result.imported).toBe(1);
    writeFileSync(join(dataDir, LEGACY_OUTBOX_FILE), `${lines[0]}\n${add('new')}\n`);
    const again = importLegacy(dataDir, db, Date.UTC(2026, 10, 28), [LEGACY_OUTBOX]);
    expect(again.imported).toBe(0);
    expect(db.statement('SELECT notification_id FROM outbox').pluck().all()).toEqual(['n-waiting']);
  });
});
