import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../main/adapters/database/database-handle';
import { HistoryTables } from '../../../main/adapters/database/history-tables';
import { OutboxTable } from '../../../main/adapters/database/outbox-table';
import { LEGACY_HISTORY } from '../../../main/adapters/database/legacy-history-import';
import { importLegacy, LEGACY_JOURNAL } from '../../../main/adapters/database/legacy-import';
import type { PushRecord } from '../../../shared/push';
import { makeFile, makeNotification } from '../../fakes/history-records';

let dir: string;
let database: DatabaseHandle;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'legacy-history-'));
  await mkdir(join(dir, 'history'));
  database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
});

afterEach(async () => {
  database.close();
  await rm(dir, { recursive: true, force: true });
});

const lines = (...values: unknown[]) => values.map((v) => `${JSON.stringify(v)}\n`).join('');
const NOW = Date.UTC(2026, 10, 27);
const pushed: PushRecord = { target: 'ntfy://host/to***', status: 'sent', at: 3, attempts: 1 };

describe('the history of the build before the database, imported', () => {
  test('files and notifications in order, with read marks, read-all and pushes applied', async () => {
    const keyed = makeFile(2, { key: 'j2:FileClosed' });
    await writeFile(
      join(dir, 'history/files.jsonl'),
      lines(makeFile(1), keyed, { ...keyed, name: 'a second line of one key' }),
    );
    await writeFile(
      join(dir, 'history/notifications.jsonl'),
      lines(
        { op: 'add', entry: makeNotification(1) },
        { op: 'add', entry: makeNotification(2) },
        { op: 'read', id: 'n-1' },
        { op: 'push', id: 'n-2', record: pushed },
        { op: 'add', entry: makeNotification(3) },
      ) + lines({ op: 'readAll' }, { op: 'add', entry: makeNotification(4) }),
    );
    const result = importLegacy(dir, database, NOW, [LEGACY_JOURNAL, LEGACY_HISTORY]);
    expect(result.warnings).toEqual([]);
    expect(result.imported).toBe(2 + 4);
    const history = new HistoryTables(database, { warn: () => undefined });
    expect(history.list('files')).toEqual([makeFile(1), keyed]);
    expect(history.hasFile('j2:FileClosed')).toBe(true);
    expect(
      history.list('notifications').map((n) => [n.notification.id, n.read, n.push?.length ?? 0]),
    ).toEqual([
      ['n-1', true, 0],
      ['n-2', true, 1],
      ['n-3', true, 0],
      ['n-4', false, 0],
    ]);
    expect(
      history.notifications({ roomId: makeNotification(4).notification.roomIds[0]! }).total,
    ).toBe(
      2, // n-1 and n-4: rooms 100 + i % 3
    );
    // That build showed the popups as it wrote them: nothing is owed.
    expect(new OutboxTable(database, () => undefined).load()).toEqual([]);
    expect((await readdir(join(result.movedTo!, 'history'))).sort()).toEqual([
      'files.jsonl',
      'notifications.jsonl',
    ]);
  });

  test('a cut last line is dropped with a warning; bad lines are skipped and told', async () => {
    const whole = JSON.stringify({ op: 'add', entry: makeNotification(2) });
    await writeFile(
      join(dir, 'history/notifications.jsonl'),
      `${lines({ op: 'add', entry: makeNotification(1) }, { op: 'what' })}not json\n${whole.slice(0, 30)}`,
    );
    await writeFile(join(dir, 'history/files.jsonl'), lines({ roomId: 'x' }, makeFile(1)));
    const result = importLegacy(dir, database, NOW, [LEGACY_HISTORY]);
    expect(result.warnings).toEqual([
      'import: history/files.jsonl line 1 is not a file; skipped',
      'import: history/notifications.jsonl line 3 is not readable and was skipped',
      'import: the last line of history/notifications.jsonl was cut short (the app stopped while writing it); it is dropped',
      'import: history/notifications.jsonl line 2 is not readable; skipped',
    ]);
    const history = new HistoryTables(database, { warn: () => undefined });
    expect(history.list('files')).toHaveLength(1);
    expect(history.list('notifications').map((n) => n.notification.id)).toEqual(['n-1']);
  });
});
