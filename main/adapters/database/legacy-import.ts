import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseWebhook } from '../../../shared/recorder/webhook';
import { errorMessage } from '../../core/log-text';
import type { KeptDelivery } from '../../core/ports';
import type Database from 'better-sqlite3';
import type { DatabaseHandle } from './database-handle';
import { readLegacyLines } from './legacy-lines';

/** The files of a data folder from before the database: the journal and its processed mark. */
export const LEGACY_JOURNAL_FILES = {
  journal: 'journal.jsonl',
  processedMark: 'processed.json',
  leftovers: ['journal.jsonl.tmp', 'journal.jsonl.compacting', 'processed.json.tmp'],
} as const;

/** What the import did. */
export interface LegacyImport {
  /** Rows imported, all parts together (0 when everything was in already, or nothing to take). */
  imported: number;
  /** The folder the old files were moved into; undefined: there were none. */
  movedTo: string | undefined;
  warnings: string[];
}

/**
 * One part of a data folder from before the database (the journal, the history, the outbox…):
 * its files, its own row in `marks` once imported, and how its rows go in. `take` runs inside the
 * import's one transaction and returns how many rows it imported; it reads its files itself and
 * tells what it could not read in `warnings`.
 */
export interface LegacyPart {
  /** Names in the data folder that belong to the part (moved aside once it is imported). */
  files: readonly string[];
  /** Its row in `marks`: a part imported already is not imported again. */
  mark: string;
  /** Inserts the part's rows (inside the transaction). */
  take(db: Database.Database, dataDir: string, warnings: string[]): number;
}

/** The journal and its processed mark (the first part: the others key their rows by its seq). */
export const LEGACY_JOURNAL: LegacyPart = {
  files: [
    LEGACY_JOURNAL_FILES.journal,
    LEGACY_JOURNAL_FILES.processedMark,
    ...LEGACY_JOURNAL_FILES.leftovers,
  ],
  mark: 'imported_journal',
  take(db, dataDir, warnings) {
    const journalPath = join(dataDir, LEGACY_JOURNAL_FILES.journal);
    const markPath = join(dataDir, LEGACY_JOURNAL_FILES.processedMark);
    const entries = existsSync(journalPath) ? readJournalLines(journalPath, warnings) : [];
    const mark = existsSync(markPath) ? readMark(markPath, warnings) : undefined;
    const insert = db.prepare(
      `INSERT OR IGNORE INTO deliveries
         (seq, event_id, received_at, source, recorder_id, user_agent, body)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
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
    setMark(db, 'processed_through', mark ?? newest);
    return count;
  },
};

/**
 * Imports a data folder of the format before the database at the first start, every part in one
 * transaction: every delivery (so its EventId stays a duplicate) and the processed mark (none:
 * everything counts as processed, as that version did), then each further part. Then the files
 * are moved into `old-files-<date>/`. A kill before the commit leaves the files and an untouched
 * database: the next start imports again from the beginning; a kill after it finds each part's
 * mark and only moves the files. Nothing to import: nothing happens.
 */
export function importLegacy(
  dataDir: string,
  database: DatabaseHandle,
  now: number,
  parts: readonly LegacyPart[],
): LegacyImport {
  const present = parts.flatMap((part) =>
    part.files.filter((name) => existsSync(join(dataDir, name))),
  );
  const warnings: string[] = [];
  if (present.length === 0) return { imported: 0, movedTo: undefined, warnings };
  // Synced before the old files are moved aside.
  const db = database.synced();
  if (db === undefined) {
    warnings.push('import: the database cannot be opened; the old files stay for the next start');
    return { imported: 0, movedTo: undefined, warnings };
  }
  const done = db.prepare('SELECT value FROM marks WHERE name = ?').pluck();
  const imported = db
    .transaction(() => {
      let count = 0;
      for (const part of parts) {
        if (done.get(part.mark) !== undefined) continue;
        const taken = part.take(db, dataDir, warnings);
        setMark(db, part.mark, taken);
        count += taken;
      }
      return count;
    })
    .immediate();
  return { imported, movedTo: moveOldFiles(dataDir, present, now, warnings), warnings };
}

function setMark(db: Database.Database, name: string, value: number): void {
  db.prepare(
    `INSERT INTO marks (name, value) VALUES (?, ?)
     ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)`,
  ).run(name, value);
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
    for (const name of names) {
      // A part's file may be in a subfolder (history/…): kept there inside the folder.
      mkdirSync(dirname(join(folder, name)), { recursive: true });
      renameSync(join(dataDir, name), join(folder, name));
    }
    return folder;
  } catch (error) {
    // Imported already (the mark says so): the next start moves them.
    warnings.push(`import: cannot move the old files aside: ${errorMessage(error)}`);
    return undefined;
  }
}

function readJournalLines(path: string, warnings: string[]): KeptDelivery[] {
  const entries: KeptDelivery[] = [];
  for (const { json, line, last } of readLegacyLines(path)) {
    const value = json?.value as Partial<KeptDelivery> | null | undefined;
    if (typeof value?.seq === 'number' && typeof value.receivedAt === 'number') {
      entries.push(value as KeptDelivery);
      continue;
    }
    warnings.push(
      last
        ? "import: the journal's last line was cut short (the app stopped while writing it); it is dropped"
        : `import: journal line ${line} is not readable and was skipped`,
    );
  }
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
