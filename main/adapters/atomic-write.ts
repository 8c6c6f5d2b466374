import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { errorCode } from '../core/log-text';

/** How writeFileAtomic writes: the file's mode, and what must happen in the step of the rename. */
export interface AtomicWriteOptions {
  /** The new file's permissions (default 0o600: the data folder is private). */
  mode?: number;
  /**
   * Called right after the rename, in the same synchronous step (the rename is a synchronous
   * call for this): what it does and the new contents survive a kill of the app together.
   */
  renamed?: () => void;
}

/**
 * Writes a file so that readers see the old or the new contents, never half of each: a temp file
 * in the same folder, flushed to disk, then renamed over the target.
 */
export async function writeFileAtomic(
  filePath: string,
  contents: string | Uint8Array,
  { mode = 0o600, renamed }: AtomicWriteOptions = {},
): Promise<void> {
  const temp = tempPathFor(filePath);
  const handle = await open(temp, 'wx', mode);
  try {
    await handle.writeFile(contents, 'utf8');
    await handle.sync();
  } catch (error) {
    // A full disk must not leave a half-written temp file behind.
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await renameWithRetry(temp, filePath);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  renamed?.();
}

// The rename itself is synchronous (a metadata step of microseconds), so that `renamed` follows
// it with nothing in between; only the waits before a retry are asynchronous.
async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    const wait = renameOnce(from, to, attempt);
    if (wait === 0) return;
    await delay(wait);
  }
}

/**
 * One synchronous rename: 0 when it is done, else how long to wait before the next attempt
 * (renameRetryWaitMs); throws when there is no point in trying again.
 */
function renameOnce(from: string, to: string, attempt: number): number {
  try {
    renameSync(from, to);
    return 0;
  } catch (error) {
    const wait = renameRetryWaitMs(error, attempt);
    if (wait === undefined) throw error;
    return wait;
  }
}

/**
 * How long to wait before renaming again after `error` on attempt `attempt` (from 0); undefined:
 * give up. Windows refuses a rename while a scanner or indexer holds the target open; it lets go
 * quickly.
 */
function renameRetryWaitMs(error: unknown, attempt: number): number | undefined {
  const code = errorCode(error);
  if (attempt >= 4 || (code !== 'EPERM' && code !== 'EBUSY' && code !== 'EACCES')) return undefined;
  return 50 * (attempt + 1);
}

/**
 * writeFileAtomic for a caller that must not wait (the settings file's backend: electron-store's
 * interface is synchronous); the same steps, the rename's retries waited out in place.
 */
export function writeFileAtomicSync(
  filePath: string,
  contents: string | Uint8Array,
  mode = 0o600,
): void {
  const temp = tempPathFor(filePath);
  const fd = openSync(temp, 'wx', mode);
  try {
    writeFileSync(fd, contents, 'utf8');
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    for (let attempt = 0; ; attempt += 1) {
      const wait = renameOnce(temp, filePath, attempt);
      if (wait === 0) return;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, wait);
    }
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * A temp file beside `filePath`, hidden, with a random part: never one another writer uses. The
 * part needs to be unlikely to repeat, not unguessable: Math.random, as `atomically` names its
 * temp files (utils/temp.js), not node:crypto, whose loading costs about 2 MB of RSS at start
 * (node-crypto.ts); a clash fails the exclusive open rather than sharing a file.
 */
function tempPathFor(filePath: string): string {
  const random = Math.random().toString(16).slice(2, 14).padEnd(12, '0');
  return path.join(path.dirname(filePath), `.${path.basename(filePath)}.${random}.tmp`);
}
