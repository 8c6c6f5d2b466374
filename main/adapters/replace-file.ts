import { closeSync, fsyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { writeFile, writeFileSync } from 'atomically';

// `atomically` writes a temp file beside the target, fsyncs it and renames it over the target,
// retrying what Windows refuses for a moment (EPERM, EBUSY, EACCES: a scanner or an indexer
// holding the file), removing the temp file on a failure, and queueing writes to one path. It does
// not sync the folder after the rename: a power cut may bring back the old contents, never half.
// It also makes a missing folder, writes through a symlink, and keeps the old file's owner.
// Loading it hooks the exit signals (when-exit, to remove its temp files) and re-sends the signal
// after its listener; headless mode's own stop listener (stop-request.ts) is still there to take
// it, so a SIGTERM still stops cleanly (test/headless/stop-signals.test.ts).
//
// One thing it gets wrong: its write is a single write(2) whose count it does not check, so a
// nearly full disk renames a truncated file over the good one without an error
// (https://github.com/fabiospampinato/atomically/pull/18, open in 2.1.1). Here the bytes go in by
// a write that loops to the end or throws (ENOSPC): a stream (async) or our own loop (sync).

/** How long replaceFile retries what Windows refuses for a moment before it gives up (waiting). */
export const REPLACE_RETRY_MS = 1000;

/**
 * The same for replaceFileSync; atomically's synchronous retries spin without sleeping, so they
 * are kept short (the settings store tries again later on its own).
 */
export const REPLACE_SYNC_RETRY_MS = 500;

/**
 * Replaces a file whole: readers see the old contents or the new, never half of each; a failed
 * write (full disk, read-only folder) throws and leaves the old file as it was, with no temp file.
 * `mode`: the new file's permissions (default 0o600: the data folder is private).
 */
export async function replaceFile(
  filePath: string,
  contents: string | Uint8Array,
  { mode = 0o600 }: { mode?: number } = {},
): Promise<void> {
  let temp: string | undefined;
  try {
    // A stream's writes go on after a short one, and fail with the disk's error.
    await writeFile(filePath, Readable.from([toBuffer(contents)]), {
      mode,
      timeout: REPLACE_RETRY_MS,
      tmpCreated: (created) => (temp = created),
    });
  } catch (error) {
    // atomically removes its temp file without waiting for it; a caller may look at once.
    if (temp !== undefined) await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/**
 * replaceFile for a caller that must not wait (the settings file's backend: electron-store's
 * interface is synchronous; the autostart entry rewritten while the app quits).
 */
export function replaceFileSync(
  filePath: string,
  contents: string | Uint8Array,
  mode = 0o600,
): void {
  const bytes = toBuffer(contents);
  let temp: string | undefined;
  try {
    // No data for atomically (its sync write takes no stream): the temp file it made is filled
    // and flushed here, before its rename.
    writeFileSync(filePath, undefined, {
      mode,
      timeout: REPLACE_SYNC_RETRY_MS,
      fsync: false,
      tmpCreated: (created) => {
        temp = created;
        writeWholeSync(created, bytes);
      },
    });
  } catch (error) {
    if (temp !== undefined) removeQuietlySync(temp);
    throw error;
  }
}

/** Writes all of `bytes` into an existing empty file and flushes it; throws what the disk says. */
function writeWholeSync(file: string, bytes: Buffer): void {
  const fd = openSync(file, 'r+');
  try {
    for (let done = 0; done < bytes.byteLength;) {
      done += writeSync(fd, bytes, done, bytes.byteLength - done, done);
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

// The write's own error is what the caller must hear, not a failed clean-up's.
function removeQuietlySync(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // the write's error follows
  }
}

// One Buffer, one chunk: Readable.from would iterate a plain Uint8Array byte by byte.
function toBuffer(contents: string | Uint8Array): Buffer {
  if (typeof contents === 'string') return Buffer.from(contents, 'utf8');
  return Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
}
