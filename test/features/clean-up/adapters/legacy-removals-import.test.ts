import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_MIGRATIONS } from '../../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../../main/adapters/database/database-handle';
import { importLegacy } from '../../../../main/adapters/database/legacy-import';
import {
  LEGACY_REMOVALS,
  LEGACY_REMOVALS_FILE,
} from '../../../../main/features/clean-up/adapters/legacy-removals-import';
import { RemovalsTable } from '../../../../main/features/clean-up/adapters/removals-table';
import type { HistoryRemoval } from '../../../../shared/history';

const handles: DatabaseHandle[] = [];

afterEach(() => {
  for (const handle of handles.splice(0)) handle.close();
});

const removal = (n: number): HistoryRemoval => ({
  id: `r${n}`,
  at: Date.UTC(2026, 10, 1) + n,
  recorderId: 'default',
  relativePath: `23058-3号直播间/录制-${n}.flv`,
  roomId: 23058,
  bytes: 1_000 + n,
  modifiedAt: 1,
  reason: 'keepGiB',
  rule: 1,
  then: 'trash',
});

describe('the old removals, imported', () => {
  it('come along, newest first in the list, the old file moved into history/ of the old files', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'legacy-removals-'));
    mkdirSync(join(dataDir, 'history'));
    const lines = [removal(1), { ...removal(2), error: 'EBUSY' }, removal(3)].map((r) =>
      JSON.stringify(r),
    );
    lines.splice(1, 0, '{"id":"bad"}');
    writeFileSync(join(dataDir, LEGACY_REMOVALS_FILE), lines.map((l) => `${l}\n`).join(''));
    const db = DatabaseHandle.open(dataDir, { migrations: APP_MIGRATIONS });
    handles.push(db);
    const result = importLegacy(dataDir, db, Date.UTC(2026, 10, 27), [LEGACY_REMOVALS]);
    expect(result.imported).toBe(3);
    expect(result.warnings).toEqual([
      `import: 1 line(s) of ${LEGACY_REMOVALS_FILE} are not readable and were skipped`,
    ]);
    const list = new RemovalsTable(db, () => undefined).list({ limit: 50, offset: 0 });
    expect(list.items).toEqual([removal(3), { ...removal(2), error: 'EBUSY' }, removal(1)]);
    expect(existsSync(join(dataDir, LEGACY_REMOVALS_FILE))).toBe(false);
    expect(existsSync(join(result.movedTo!, LEGACY_REMOVALS_FILE))).toBe(true);
  });
});
