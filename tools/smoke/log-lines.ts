// The ready line: the line that names the app's webhook URL, in the desktop app's main.log
// (main/electron/desktop-app.ts: `started <version>; webhook URL <url>`, behind electron-log's
// date and level) or in headless mode's standard output (its JSON `ready` line).
import { open, stat } from 'node:fs/promises';
import * as z from 'zod';
import { jsonOrUndefined } from '../../shared/parse';

const ReadyLine = z.object({ type: z.literal('ready'), webhookUrl: z.string().url() });

/** The webhook URL a ready line names (desktop log or headless JSON), or null for any other line. */
export function webhookUrlOfLine(line: string): string | null {
  const desktop = /\bstarted \S+; webhook URL (https?:\/\/\S+)/.exec(line);
  if (desktop) return desktop[1] ?? null;
  if (!line.trimStart().startsWith('{')) return null;
  const parsed = ReadyLine.safeParse(jsonOrUndefined(line));
  return parsed.success ? parsed.data.webhookUrl : null;
}

/**
 * The update route a desktop log line names (main/electron/desktop-updates.ts logs
 * `updates: <route> (<platform>)` once at start: `restart to update`, `install` or `download`),
 * or null for any other line.
 */
export function updateRouteOfLine(line: string): string | null {
  return /\bupdates: (restart to update|install|download) \(\w+\)/.exec(line)?.[1] ?? null;
}

/** The size of a file, or 0 when it does not exist yet: where to start reading new lines. */
export async function fileEnd(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

/** How to wait for a line. */
export interface WaitOptions {
  /** Read from this byte on (the file's size before the launch: older runs' lines do not count). */
  from: number;
  timeoutMs: number;
  /** Why the wait may end early (the app exited): rejects with its reason. */
  abort?: Promise<string>;
  /** How often the file is read again. */
  pollMs?: number;
}

/**
 * Waits until a complete line written to `file` after `from` gives a value through `pick`, the file
 * being read as it grows (it may not exist yet: the app creates it). Rejects after `timeoutMs`
 * with the lines seen, or when `abort` settles.
 */
export async function waitForLine<T>(
  file: string,
  pick: (line: string) => T | null,
  options: WaitOptions,
): Promise<T> {
  const seen: string[] = [];
  let offset = options.from;
  // Bytes after the last newline: a line still being written (or a UTF-8 character cut in two).
  let pending = Buffer.alloc(0);
  let aborted: string | undefined;
  void options.abort?.then((reason) => (aborted = reason));
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const chunk = await readFrom(file, offset);
    offset += chunk.length;
    pending = Buffer.concat([pending, chunk]);
    const end = pending.lastIndexOf(0x0a);
    const complete = end < 0 ? '' : pending.subarray(0, end).toString('utf8');
    pending = pending.subarray(end + 1);
    for (const line of end < 0 ? [] : complete.split(/\r?\n/)) {
      seen.push(line);
      const value = pick(line);
      if (value !== null) return value;
    }
    const tail = `; the last lines of ${file}:\n${seen.slice(-20).join('\n')}`;
    if (aborted !== undefined) throw new Error(`${aborted} before the line came${tail}`);
    if (Date.now() > deadline)
      throw new Error(`no such line within ${options.timeoutMs} ms${tail}`);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 100));
  }
}

async function readFrom(file: string, offset: number): Promise<Buffer> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return Buffer.alloc(0);
  }
  try {
    const size = (await handle.stat()).size;
    if (size <= offset) return Buffer.alloc(0);
    const buffer = Buffer.alloc(size - offset);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
