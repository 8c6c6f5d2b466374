import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import { fixtureText } from './fixtures';
import { startHeadless, type HeadlessProcess } from './headless-process';
import { postWebhook } from './http';
import { savedHistory } from './saved-history';

const FILE_CLOSED = fixtureText('real/webhook-v2-FileClosed.issue553.json');

/**
 * Headless mode that took one finished file and popped it up, ready to be stopped; `running`
 * gets the process (for afterEach's killAll).
 */
export async function headlessWithOneFile(running: HeadlessProcess[]) {
  const dataDir = await mkdtemp(join(tmpdir(), 'headless-stop-'));
  const p = startHeadless(['--port', '0', '--no-desktop', '--data-dir', dataDir]);
  running.push(p);
  const ready = await p.waitFor((l) => l.type === 'ready');
  expect((await postWebhook(ready.webhookUrl, FILE_CLOSED)).status).toBe(204);
  await p.waitFor((l) => l.type === 'notification' && l.event === 'FileClosed', 30_000);
  return { p, dataDir };
}

/**
 * Asserts that a stopped headless run saved everything of its one file: the Files list, the
 * notification history, and the processed mark through the journal's last entry (the mark is
 * written at stop at the latest; without it the next start would check the journal again).
 */
export async function expectOneFileSaved(dataDir: string): Promise<void> {
  const { files, notifications } = savedHistory(dataDir);
  expect(files.map((f) => f.relativePath)).toEqual([
    JSON.parse(FILE_CLOSED).EventData.RelativePath,
  ]);
  expect(notifications.map((n) => n.notification.event)).toEqual(['FileClosed']);
  const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
  try {
    const last = db.prepare('SELECT max(seq) AS seq FROM deliveries').get() as { seq: number };
    const mark = db.prepare(`SELECT value FROM marks WHERE name = 'processed_through'`).get();
    expect(mark).toEqual({ value: last.seq });
  } finally {
    db.close();
  }
}
