import { ftruncateSync, readSync, renameSync, writeSync } from 'node:fs';
import {
  appendFile,
  open,
  readFile,
  rename,
  rm,
  truncate,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { JournalEntry, JournalPort } from '../core/ports';
import { lineBytes, linePartsWithBody, type LineParts } from './json-line';
import { errorCode } from '../core/log-text';
import { copyRange, countLines, findTailStart } from './journal-tail';

/** File name of the journal inside the data directory. */
export const JOURNAL_FILE = 'journal.jsonl';

/**
 * Pause after one fdatasync ends before the next may start: under a burst this makes one sync
 * cover many writes. So a write waits for its sync at worst one running sync, plus this, plus its
 * own sync (README, "What a power cut can still lose"); a crash of the app costs nothing either
 * way (the writes are in the OS cache).
 */
const SYNC_GAP_MS = 10;

/**
 * A compaction while running copies the part to keep in the background until less than this is
 * left to copy, then copies the rest in one synchronous step and swaps the files: appends never
 * wait for it, and the step takes well under a millisecond.
 */
const LAST_COPY_BYTES = 64 * 1024;

/** The temp file of a compaction while running; a leftover of a crash is removed at open. */
const COMPACTING_SUFFIX = '.compacting';

/** An entry waiting for the end of the event loop's turn to be written. */
interface QueuedLine {
  line: LineParts;
  resolve: () => void;
  reject: (e: unknown) => void;
}

/** What reading the journal at start-up found. */
export interface JournalContents {
  entries: JournalEntry[];
  /** Lines that could not be read (a truncated last line after a crash, or damage). */
  warnings: string[];
}

/**
 * The journal: one JSON line per accepted webhook, written to the file before the webhook is
 * answered, so an answered event survives the app being killed at any moment. Appends made in one
 * turn of the event loop go out in one write at its end (a group commit). `fdatasync` follows off
 * the answer's path, at the latest SYNC_GAP_MS after the previous one ended: it guards against
 * power loss, and waiting for it would put the disk's worst latency (several ms here) into every
 * answer to the recorder.
 */
export class JournalFile implements JournalPort {
  readonly #path: string;
  #handle: FileHandle | undefined;
  #queue: QueuedLine[] = [];
  #syncing: Promise<void> | undefined;
  #syncAgain = false;
  /** Bytes known to be whole entries: a failed write is cut back to here. */
  #size = 0;
  /** Entries (lines) in the file. */
  #entries = 0;
  #closed = false;
  /** The compaction under way while running, if any. */
  #compacting: Promise<boolean> | undefined;
  /** The file was replaced: the next sync also syncs the folder, so the rename survives power loss. */
  #folderSyncDue = false;

  private constructor(path: string) {
    this.#path = path;
  }

  /** Reads the journal in `dataDir` (repairing a torn last line) and opens it for appending. */
  static async open(dataDir: string): Promise<{ journal: JournalFile; contents: JournalContents }> {
    const path = join(dataDir, JOURNAL_FILE);
    const contents = await readJournal(path);
    await rm(`${path}${COMPACTING_SUFFIX}`, { force: true }).catch(() => undefined);
    const journal = new JournalFile(path);
    journal.#entries = contents.entries.length;
    try {
      journal.#handle = await open(path, 'a');
      journal.#size = (await journal.#handle.stat()).size;
    } catch (error) {
      // A read-only or failing data folder must not stop the app: the listener answers 5xx (the
      // recorder retries), and every append tries to open the file again.
      contents.warnings.push(`journal: cannot open ${path} for writing: ${errorCode(error)}`);
    }
    return { journal, contents };
  }

  /**
   * Appends one entry, with its body's bytes as received when at hand; resolves once it is written
   * to the file (the sync follows on its own).
   */
  append(entry: JournalEntry, bodyBytes?: Uint8Array): Promise<void> {
    // The head written field by field: a rest pattern copies through a slow path, per webhook.
    const head: Record<keyof Omit<JournalEntry, 'body'>, unknown> = {
      seq: entry.seq,
      receivedAt: entry.receivedAt,
      source: entry.source,
      recorderId: entry.recorderId, // left out by JSON.stringify when undefined
      userAgent: entry.userAgent,
    };
    const line = linePartsWithBody(head, entry.body, bodyBytes);
    return new Promise((resolve, reject) => {
      this.#queue.push({ line, resolve, reject });
      // Concurrent deliveries read in one turn of the event loop go out in one write once the turn
      // has read them all: under load that is one write call, not one per webhook, for a delay
      // of well under a millisecond.
      if (this.#queue.length === 1) setImmediate(() => this.#writeQueued());
    });
  }

  /**
   * Rewrites the journal with only `keep` (oldest first), atomically: temp file, then rename.
   * Resolves false, the journal untouched (longer, but whole), when the disk refuses the copy.
   */
  async compact(keep: readonly JournalEntry[]): Promise<boolean> {
    await this.#settled();
    const temp = `${this.#path}.tmp`;
    try {
      await writeFile(temp, keep.map((e) => `${JSON.stringify(e)}\n`).join(''), { flush: true });
      await rename(temp, this.#path);
      this.#entries = keep.length;
    } catch {
      // A full or failing disk: the next start tries again.
      await rm(temp, { force: true }).catch(() => undefined);
      return false;
    }
    // The old handle points at the file the rename replaced; appends open the new one (#reopen).
    const old = this.#handle;
    this.#handle = undefined;
    await old?.close().catch(() => undefined);
    await this.#reopen().catch(() => undefined);
    return true;
  }

  /** The journal's size: entries and bytes (what a compaction while running is decided on). */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.#entries, bytes: this.#size };
  }

  /** Whether a compaction while running is under way. */
  get compacting(): boolean {
    return this.#compacting !== undefined;
  }

  /**
   * Drops the entries before `fromSeq` while the app runs (what nothing needs any more: see
   * journal-upkeep.ts), in the background: the entries to keep are copied to a temp file while
   * appends go on, then the last few kilobytes are copied and the files swapped in one synchronous
   * step, so no answer waits and every answered entry is in the file that is the journal at any
   * moment. Resolves false, the journal untouched, when the disk refuses (or the journal closed).
   */
  compactBefore(fromSeq: number): Promise<boolean> {
    this.#compacting ??= this.#copyAndSwap(fromSeq)
      .catch(() => false)
      .finally(() => (this.#compacting = undefined));
    return this.#compacting;
  }

  async #copyAndSwap(fromSeq: number): Promise<boolean> {
    const tempPath = `${this.#path}${COMPACTING_SUFFIX}`;
    const source = await open(this.#path, 'r');
    let target: FileHandle | undefined;
    let swapped = false;
    try {
      target = await open(tempPath, 'a'); // appended to after the swap, as the journal is
      const start = await findTailStart(source, fromSeq, this.#size);
      let copied = start.offset; // the source's bytes up to here are in the target (or dropped)
      let lines = 0;
      // Appends go on meanwhile: copy what there is, sync, and again while more than a little came.
      while (this.#size - copied > LAST_COPY_BYTES) {
        const to = this.#size;
        if (this.#closed) return false;
        lines += await copyRange(source, target, { from: copied, to });
        copied = to;
        await target.datasync();
      }
      if (this.#closed || !this.#handle) return false;
      this.#swap({ source, target, tempPath, copied, lines, startOffset: start.offset });
      swapped = true;
      return true;
    } finally {
      await source.close().catch(() => undefined);
      if (!swapped) {
        await target?.close().catch(() => undefined);
        await rm(tempPath, { force: true }).catch(() => undefined);
      }
    }
  }

  /** The synchronous step: the rest copied, the temp file renamed over the journal and appended to. */
  #swap(at: {
    source: FileHandle;
    target: FileHandle;
    tempPath: string;
    copied: number;
    lines: number;
    startOffset: number;
  }): void {
    const rest = Buffer.allocUnsafe(this.#size - at.copied);
    for (let read = 0; read < rest.length;)
      read += readSync(at.source.fd, rest, read, rest.length - read, at.copied + read);
    const size = at.copied - at.startOffset + rest.length;
    for (let written = 0; written < rest.length;)
      written += writeSync(at.target.fd, rest, written, rest.length - written);
    renameSync(at.tempPath, this.#path);
    const old = this.#handle;
    const running = this.#syncing;
    this.#handle = at.target;
    this.#size = size;
    this.#entries = at.lines + countLines(rest);
    // The last copy and the rename are made durable by the next sync, as an append would be.
    this.#folderSyncDue = true;
    this.#sync();
    // A sync on the old file may still run: close it after that one.
    void (running ?? Promise.resolve()).then(() => old?.close()).catch(() => undefined);
  }

  /** Waits for pending appends and closes the file. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#compacting;
    await this.#settled();
    await this.#handle?.close();
    this.#handle = undefined;
  }

  /** Waits until queued writes are out and every sync under way has finished. */
  async #settled(): Promise<void> {
    this.#writeQueued();
    while (this.#syncing) await this.#syncing;
  }

  #writeQueued(): void {
    const batch = this.#queue;
    this.#queue = [];
    if (batch.length === 0) return;
    if (!this.#handle && !this.#closed) {
      // The open at start-up failed (a read-only or failing folder): try again for this batch.
      void this.#reopen().then(
        () => this.#writeBatch(batch),
        (error: unknown) => {
          for (const b of batch) b.reject(error);
        },
      );
      return;
    }
    this.#writeBatch(batch);
  }

  async #reopen(): Promise<void> {
    const handle = await open(this.#path, 'a');
    const size = (await handle.stat()).size;
    if (this.#handle || this.#closed) {
      await handle.close(); // another batch reopened it meanwhile, or it was closed
      return;
    }
    this.#handle = handle;
    this.#size = size;
  }

  #writeBatch(batch: QueuedLine[]): void {
    const handle = this.#handle;
    try {
      if (!handle) throw new Error('journal is closed');
      const data = lineBytes(batch.map((b) => b.line));
      // A synchronous write into the OS cache takes microseconds; through the thread pool it
      // would queue behind other file work and add milliseconds to the answer's tail.
      let written = 0;
      while (written < data.length) written += writeSync(handle.fd, data, written);
      this.#size += data.length;
      this.#entries += batch.length;
      for (const b of batch) b.resolve();
      this.#sync();
    } catch (error) {
      // A full disk may leave half a batch: cut it off so the next entry starts on a clean line,
      // and refuse the batch so the recorder retries it.
      if (handle) {
        try {
          ftruncateSync(handle.fd, this.#size);
        } catch {
          // nothing more to do: start-up repairs a torn tail
        }
      }
      for (const b of batch) b.reject(error);
    }
  }

  /** Starts an fdatasync, or notes that one more is needed after the one running. */
  #sync(): void {
    if (this.#syncing) {
      this.#syncAgain = true;
      return;
    }
    const handle = this.#handle;
    if (!handle) return;
    const folder = this.#folderSyncDue;
    this.#folderSyncDue = false;
    this.#syncing = handle
      .datasync()
      .then(() => (folder ? syncFolder(dirname(this.#path)) : undefined))
      .catch(() => undefined) // a failed sync shows up as a failed write next time
      // A burst would otherwise run syncs back to back, costing CPU and disk for no real gain.
      .then(() => delay(SYNC_GAP_MS))
      .then(() => {
        this.#syncing = undefined;
        if (this.#syncAgain) {
          this.#syncAgain = false;
          this.#sync();
        }
      });
  }
}

/**
 * Syncs a folder, so that a rename in it survives power loss (POSIX; Windows cannot open a folder
 * this way and its NTFS journals the rename itself).
 */
async function syncFolder(path: string): Promise<void> {
  const folder = await open(path, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** Reads journal lines; a torn last line is cut off (so appends continue on a clean line). */
async function readJournal(path: string): Promise<JournalContents> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { entries: [], warnings: [] };
    throw error;
  }
  const entries: JournalEntry[] = [];
  const warnings: string[] = [];
  const lines = bytes.toString('utf8').split('\n');
  const complete = bytes.length === 0 || bytes[bytes.length - 1] === 0x0a;
  let tornTailReadable = false;
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const last = index === lines.length - 1;
    const entry = parseEntry(line);
    if (entry) {
      entries.push(entry);
      if (last) tornTailReadable = true;
      return;
    }
    warnings.push(
      last && !complete
        ? 'journal: the last line was cut short (the app stopped while writing it); it is dropped'
        : `journal: line ${index + 1} is not readable and was skipped`,
    );
  });
  if (!complete) {
    // Repaired in place, never rewritten: a crash during the repair cannot cost the whole file.
    // A whole entry missing only its newline gets one; a torn one is cut off.
    try {
      if (tornTailReadable) await appendFile(path, '\n');
      else await truncate(path, bytes.lastIndexOf(0x0a) + 1);
    } catch (error) {
      warnings.push(`journal: cannot repair its last line: ${errorCode(error)}`);
    }
  }
  return { entries, warnings };
}

function parseEntry(line: string): JournalEntry | undefined {
  try {
    const value = JSON.parse(line) as Partial<JournalEntry> | null;
    if (typeof value?.seq !== 'number' || typeof value.receivedAt !== 'number') return undefined;
    return value as JournalEntry;
  } catch {
    return undefined;
  }
}
