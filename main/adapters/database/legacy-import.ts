import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { parseWebhook } from '../../../shared/recorder/webhook';
import { errorMessage } from '../../core/log-text';
import type { JournalEntry } from '../../core/ports';
import type { DatabaseHandle } from './database-handle';

/** The files of a data folder from before the database: the journal and its processed mark. */
export const LEGACY_JOURNAL_FILES = {
  journal: 'journal.jsonl',
  processedMark: 'processed.json',
  leftovers: ['journal.jsonl.tmp', 'journal.jsonl.compacting', 'processed.json.tmp'],
} as const;

/** Marks that the journal's import committed (the files may still wait to be moved). */
const IMPORTED_MARK = 'imported_journal';

/** What the import did. */
export interface LegacyImport {
  /** Deliveries imported (0 when the files were already in, or there was nothing to take). */
  imported: number;
  /** The folder the old files were moved into; undefined: there were none. */
  movedTo: string | undefined;
  warnings: string[];
}

/**
 * Imports a data folder of the format before the database (journal.jsonl, processed.json) at the
 * first start, in one transaction: every delivery (so its EventId stays a duplicate) and the
 * processed mark (none: everything counts as processed, as that version did). Then the files are
 * moved into `old-files-<date>/`. A kill before the commit leaves the files and an untouched
 * database: the next start imports again from the beginning; a kill after it finds the mark and
 * only moves the files. Nothing to import: nothing happens.
 */
export function importLegacyJournal(
  dataDir: string,
  database: DatabaseHandle,
  now: number,
): LegacyImport {
  const journalPath = join(dataDir, LEGACY_JOURNAL_FILES.journal);
  const markPath = join(dataDir, LEGACY_JOURNAL_FILES.processedMark);
  const present = [
    LEGACY_JOURNAL_FILES.journal,
    LEGACY_JOURNAL_FILES.processedMark,
    ...LEGACY_JOURNAL_FILES.leftovers,
  ].filter((name) => existsSync(join(dataDir, name)));
  const warnings: string[] = [];
  if (present.length === 0) return { imported: 0, movedTo: undefined, warnings };
  const db = database.connection();
  if (db === undefined) {
    warnings.push('import: the database cannot be opened; the old files stay for the next start');
    return { imported: 0, movedTo: undefined, warnings };
  }
  const entries = existsSync(journalPath) ? readJournalLines(journalPath, warnings) : [];
  const mark = existsSync(markPath) ? readMark(markPath, warnings) : undefined;
  const insert = db.prepare(
    `INSERT OR IGNORE INTO deliveries
       (seq, event_id, received_at, source, recorder_id, user_agent, body)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const setMark = db.prepare(
    `INSERT INTO marks (name, value) VALUES (?, ?)
     ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)`,
  );
  const done = db.prepare('SELECT value FROM marks WHERE name = ?').pluck();
  const imported = db
    .transaction(() => {
      if (done.get(IMPORTED_MARK) !== undefined) return 0;
      let count = 0;
      let newest = 0;
      for (const entry of entries) {
        newest = Math.max(newest, entry.seq);
        const parsed = parseWebhook(entry.body);
        if (!parsed.ok) continue; // nothing to dedupe or replay, as before
        count += insert.run(
          entry.seq,
          parsed.value.id,
          entry.receivedAt,
          entry.source === 'test' ? 'test' : 'webhook',
          entry.recorderId ?? null,
          entry.userAgent ?? null,
          JSON.stringify(entry.body),
        ).changes;
      }
      setMark.run('processed_through', mark ?? newest);
      setMark.run(IMPORTED_MARK, count);
      return count;
    })
    .immediate();
  return { imported, movedTo: moveOldFiles(dataDir, present, now, warnings), warnings };
}

/** Moves the old files into old-files-<date>/ (a second import the same day gets a suffix). */
function moveOldFiles(
  dataDir: string,
  names: readonly string[],
  now: number,
  warnings: string[],
): string | undefined {
  const day = new Date(now).toISOString().slice(0, 10);
  let folder = join(dataDir, `old-files-${day}`);
  for (let i = 2; existsSync(join(folder, names[0]!)); i += 1)
    folder = join(dataDir, `old-files-${day}-${i}`);
  try {
    mkdirSync(folder, { recursive: true });
    for (const name of names) renameSync(join(dataDir, name), join(folder, name));
    return folder;
  } catch (error) {
    // Imported already (the mark says so): the next start moves them.
    warnings.push(`import: cannot move the old files aside: ${errorMessage(error)}`);
    return undefined;
  }
}

function readJournalLines(path: string, warnings: string[]): JournalEntry[] {
  const entries: JournalEntry[] = [];
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      const value = JSON.parse(line) as Partial<JournalEntry> | null;
      if (typeof value?.seq === 'number' && typeof value.receivedAt === 'number') {
        entries.push(value as JournalEntry);
        return;
      }
    } catch {
      // told below
    }
    warnings.push(
      index === lines.length - 1
        ? "import: the journal's last line was cut short (the app stopped while writing it); it is dropped"
        : `import: journal line ${index + 1} is not readable and was skipped`,
    );
  });
  return entries;
}

function readMark(path: string, warnings: string[]): number | undefined {
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as { throughSeq?: unknown } | null;
    const seq = value?.throughSeq;
    if (typeof seq === 'number' && Number.isInteger(seq) && seq >= 0) return seq;
  } catch {
    // reported below
  }
  warnings.push('import: the processed mark is not readable; every delivery counts as processed');
  return undefined;
}
