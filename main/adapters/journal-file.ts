import { writeSync } from 'node:fs';
import { open, readFile, rename, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { JournalEntry, JournalPort } from '../core/ports';

/** File name of the journal inside the data directory. */
export const JOURNAL_FILE = 'journal.jsonl';

/** What reading the journal at start-up found. */
export interface JournalContents {
  entries: JournalEntry[];
  /** Lines that could not be read (a truncated last line after a crash, or damage). */
  warnings: string[];
}

/**
 * The journal: one JSON line per accepted webhook, written to the file before the webhook is
 * answered, so an answered event survives the app being killed at any moment. Appends that arrive
 * while a write is running go out together in the next one (group commit). `fdatasync` follows
 * each write at once but off the answer's path: it guards against power loss, and waiting for it
 * would put the disk's worst latency (several ms here) into every answer to the recorder.
 */
export class JournalFile implements JournalPort {
  readonly #path: string;
  #handle: FileHandle | undefined;
  #queue: { line: string; resolve: () => void; reject: (e: unknown) => void }[] = [];
  #syncing: Promise<void> | undefined;
  #syncAgain = false;

  private constructor(path: string) {
    this.#path = path;
  }

  /** Reads the journal in `dataDir` (repairing a torn last line) and opens it for appending. */
  static async open(dataDir: string): Promise<{ journal: JournalFile; contents: JournalContents }> {
    const path = join(dataDir, JOURNAL_FILE);
    const contents = await readJournal(path);
    const journal = new JournalFile(path);
    journal.#handle = await open(path, 'a');
    return { journal, contents };
  }

  /** Appends one entry; resolves once it is written to the file (the sync follows on its own). */
  append(entry: JournalEntry): Promise<void> {
    const line = `${JSON.stringify(entry)}\n`;
    return new Promise((resolve, reject) => {
      this.#queue.push({ line, resolve, reject });
      // Entries appended in the same tick (concurrent deliveries) go out in one write.
      if (this.#queue.length === 1) queueMicrotask(() => this.#writeQueued());
    });
  }

  /** Rewrites the journal with only `keep` (oldest first), atomically: temp file, then rename. */
  async compact(keep: readonly JournalEntry[]): Promise<void> {
    await this.#settled();
    const temp = `${this.#path}.tmp`;
    await writeFile(temp, keep.map((e) => `${JSON.stringify(e)}\n`).join(''), { flush: true });
    await this.#handle?.close();
    await rename(temp, this.#path);
    this.#handle = await open(this.#path, 'a');
  }

  /** Waits for pending appends and closes the file. */
  async close(): Promise<void> {
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
    try {
      if (!this.#handle) throw new Error('journal is closed');
      // A synchronous write into the OS cache takes microseconds; through the thread pool it
      // would queue behind other file work and add milliseconds to the answer's tail.
      writeSync(this.#handle.fd, batch.map((b) => b.line).join(''));
      for (const b of batch) b.resolve();
      this.#sync();
    } catch (error) {
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
    this.#syncing = handle
      .datasync()
      .catch(() => undefined) // a failed sync shows up as a failed write next time
      .then(() => {
        this.#syncing = undefined;
        if (this.#syncAgain) {
          this.#syncAgain = false;
          this.#sync();
        }
      });
  }
}

/** Reads journal lines; a torn last line is cut off (so appends continue on a clean line). */
async function readJournal(path: string): Promise<JournalContents> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], warnings: [] };
    throw error;
  }
  const entries: JournalEntry[] = [];
  const warnings: string[] = [];
  const lines = text.split('\n');
  const complete = text.endsWith('\n') || text === '';
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
    // A whole entry missing only its newline is kept; a torn one is cut so appends start clean.
    const repaired = tornTailReadable ? `${text}\n` : text.slice(0, text.lastIndexOf('\n') + 1);
    await writeFile(path, repaired, { flush: true });
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
