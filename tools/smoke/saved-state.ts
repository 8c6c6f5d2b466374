// What the app kept, read after it quit: its Files list (the window's Files page), which the
// history persists as history/files.jsonl in the data folder (main/app/storage.ts,
// main/adapters/history-store.ts). The same file in the desktop app and headless mode.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { HistoryFile } from '../../shared/history';

/** The finished files the app's Files list holds, read from its data folder. */
export async function savedFiles(dataDir: string): Promise<HistoryFile[]> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, 'history', 'files.jsonl'), 'utf8');
  } catch (error) {
    throw new Error(`the app saved no Files list in ${dataDir}: ${String(error)}`, {
      cause: error,
    });
  }
  const files: HistoryFile[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const parsed = HistoryFile.safeParse(JSON.parse(line));
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
