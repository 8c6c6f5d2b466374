import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { fixtureText } from './fixtures';
import { startHeadless, type HeadlessProcess } from './headless-process';
import { postWebhook } from './http';

const FILE_CLOSED = fixtureText('real/webhook-v2-FileClosed.issue553.json');

/** Lines of a JSON-lines file in the data folder. */
async function jsonLines(path: string): Promise<any[]> {
  const text = await readFile(path, 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
}

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
  const files = await jsonLines(join(dataDir, 'history', 'files.jsonl'));
  expect(files.map((f) => f.relativePath)).toEqual([
    JSON.parse(FILE_CLOSED).EventData.RelativePath,
  ]);
  const decisions = (await jsonLines(join(dataDir, 'history', 'notifications.jsonl'))).filter(
    (l) => l.op === 'add',
  );
  expect(decisions.map((l) => l.entry.notification.event)).toEqual(['FileClosed']);
  const journal = await jsonLines(join(dataDir, 'journal.jsonl'));
  const mark = JSON.parse(await readFile(join(dataDir, 'processed.json'), 'utf8'));
  expect(mark).toEqual({ throughSeq: journal.at(-1).seq });
}
