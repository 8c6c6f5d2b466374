import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HistoryRemoval } from '../../../../shared/history';
import type { LegacyPart } from '../../../adapters/database/legacy-import';
import { readLegacyLines } from '../../../adapters/database/legacy-lines';
import { INSERT_REMOVAL, REMOVALS_KEPT, removalRow } from './removals-table';

/** The clean-up's removals in a data folder from before the database (one JSON line each). */
export const LEGACY_REMOVALS_FILE = 'history/removals.jsonl';

/**
 * The old removals as a part of the import (legacy-import.ts): each readable line, oldest first
 * as written, the last REMOVALS_KEPT.count of them (the table keeps no more), into `removals`.
 */
export const LEGACY_REMOVALS: LegacyPart = {
  files: [LEGACY_REMOVALS_FILE],
  mark: 'imported_removals',
  take(db, dataDir, warnings) {
    const path = join(dataDir, LEGACY_REMOVALS_FILE);
    if (!existsSync(path)) return 0;
    const removals: HistoryRemoval[] = [];
    let unreadable = 0;
    for (const { json } of readLegacyLines(path)) {
      const removal = HistoryRemoval.safeParse(json?.value);
      if (removal.success) removals.push(removal.data);
      else unreadable += 1;
    }
    if (unreadable > 0)
      warnings.push(
        `import: ${unreadable} line(s) of ${LEGACY_REMOVALS_FILE} are not readable and were skipped`,
      );
    const insert = db.prepare(INSERT_REMOVAL);
    let count = 0;
    for (const removal of removals.slice(-REMOVALS_KEPT.count))
      count += insert.run(...removalRow(removal)).changes;
    return count;
  },
};
