// What the app kept, read after it quit: its Files list (the window's Files page), the `files`
// table of the database in the data folder (main/adapters/database/history-tables.ts). The same
// database in the desktop app and headless mode.
import { existsSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import { HistoryFile } from '../../shared/history';

/** The finished files the app's Files list holds, read from its data folder. */
export async function savedFiles(dataDir: string): Promise<HistoryFile[]> {
  const file = path.join(dataDir, DATABASE_FILE);
  let bodies: string[];
  try {
    if (!existsSync(file)) throw new Error(`${DATABASE_FILE} is missing`);
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      bodies = db.prepare('SELECT body FROM files ORDER BY row').pluck().all() as string[];
    } finally {
      db.close();
    }
  } catch (error) {
    throw new Error(`the app saved no Files list in ${dataDir}: ${String(error)}`, {
      cause: error,
    });
  }
  const files: HistoryFile[] = [];
  for (const body of bodies) {
    const parsed = HistoryFile.safeParse(JSON.parse(body));
    if (parsed.success) files.push(parsed.data);
  }
  return files;
}

/** Throws unless the app's saved Files list holds `relativePath` as finished. */
export async function expectFileSaved(dataDir: string, relativePath: string): Promise<void> {
  const files = await savedFiles(dataDir);
  if (!files.some((file) => file.relativePath === relativePath && file.finished))
    throw new Error(
      `the Files list in ${dataDir} does not hold ${relativePath}; it holds: ${files.map((f) => f.relativePath).join(', ') || 'nothing'}`,
    );
}
