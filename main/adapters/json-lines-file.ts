import { errorCode, errorMessage } from '../core/log-text';
import { writeSync } from 'node:fs';
import { open, readdir, readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import { writeFileAtomic } from './atomic-write';
import path from 'node:path';
import { parseJsonText } from '../../shared/parse';

/** What loading a JSON-lines file found. */
export interface JsonLinesLoad {
  /** Lines accepted by `apply`. */
  lines: number;
  /** True when the file must be rewritten before the next append (bad lines, a partial last line). */
  needsRewrite: boolean;
}

/** Options of one JSON-lines file. */
export interface JsonLinesFileOptions {
  /** Short name used in warnings, e.g. `history/files`. */
  label: string;
  onWarning: (message: string) => void;
  /** For testing: the time stamped on set-aside files. */
  now?: () => number;
  /**
   * Told once when writing starts to fail (a full disk, EIO, a read-only folder), with the
   * message, and once with undefined when a write works again.
   */
  onTrouble?: (message: string | undefined) => void;
  /** First wait before a failed write is tried again (doubling up to 30 times this); for tests. */
  retryMs?: number;
}

/** How long appended lines wait to go out together (a burst of webhooks costs one write). */
const APPEND_DELAY_MS = 50;
/** First wait before a failed write is tried again; it doubles per failure, up to 30 times this. */
const RETRY_MS = 1000;

/**
 * An append-only file of one JSON value per line, rewritten atomically (temp file, fsync, rename)
 * when asked. Every write goes through one queue, so appends and rewrites land in call order.
 * Appends wait up to APPEND_DELAY_MS and go out together; they are not fsynced: losing the last
 * moments to a crash or power cut is an acceptable price for not touching the disk per event
 * (the journal, not this, is what makes an answered webhook durable).
 */
export class JsonLinesFile {
  readonly #file: string;
  readonly #options: JsonLinesFileOptions;
  #queue: Promise<void> = Promise.resolve();
  #pending: string[] = [];
  /** Callbacks waiting for the lines appended before them to be written (writeThen), in order. */
  #runs: (() => void)[] = [];
  #batch = 0;
  #delay: ReturnType<typeof setTimeout> | undefined;
  // Kept open between appends (a burst would otherwise open and close the file per batch).
  #handle: FileHandle | undefined;
  #lines = 0;
  /** Bytes of the open file known to be whole lines: a failed append is cut back to here. */
  #size = 0;
  #failing = false;
  #closing = false;
  /** Ends the wait before the next retry at once (at close). */
  #wake: (() => void) | undefined;
  /** Callers of flush() waiting while writes are retried: released as soon as trouble starts. */
  #troubleWaiters: (() => void)[] = [];

  constructor(file: string, options: JsonLinesFileOptions) {
    this.#file = file;
    this.#options = options;
  }

  /** Lines in the file (as far as this process wrote or read them). */
  get lines(): number {
    return this.#lines;
  }

  /**
   * Reads every line and hands each parsed value to `apply` (which returns false to refuse it).
   * A partial last line (a crash mid-append) is dropped; a file with other bad lines is renamed to
   * `<file>.corrupt-<time>` with a warning, keeping what was read. Never throws.
   */
  async load(apply: (value: unknown) => boolean): Promise<JsonLinesLoad> {
    await this.#removeStaleTemps();
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return { lines: 0, needsRewrite: false };
      this.#warn(`cannot read ${this.#file}: ${errorMessage(error)}`);
      await this.#setAside();
      return { lines: 0, needsRewrite: true };
    }
    const parts = text.split('\n');
    const tail = parts.pop() ?? ''; // '' when the file ends with a newline, as it should
    let lines = 0;
    let bad = 0;
    const take = (line: string) => {
      const parsed = parseJsonText(line);
      return parsed.ok && apply(parsed.value);
    };
    for (const line of parts) {
      if (line.trim() === '') continue;
      if (take(line)) lines += 1;
      else bad += 1;
    }
    // Without its newline the last line is the one a crash cut short; keep it only if it is whole.
    if (tail.trim() !== '') {
      if (take(tail)) lines += 1;
      else this.#warn(`ignored a truncated last line (the app probably stopped while writing)`);
    }
    if (bad > 0) {
      const aside = await this.#setAside();
      this.#warn(
        `${bad} unreadable line(s); kept ${lines} entries` +
          (aside ? `, the original is kept as ${aside}` : ''),
      );
    }
    this.#lines = lines;
    return { lines, needsRewrite: bad > 0 || tail !== '' };
  }

  /**
   * Queues one value, serialised as one line of JSON (no line break in it), at the end of the
   * file. Lines appended within APPEND_DELAY_MS of each other go out in one write, so a burst
   * costs a few writes, not one per line.
   */
  appendLine(json: string): void {
    this.#pending.push(`${json}\n`);
    this.#lines += 1;
    this.#delay ??= setTimeout(() => this.#queuePending(), APPEND_DELAY_MS);
  }

  /**
   * Runs `run` right after every line appended so far is in the file, in the same step as the
   * write that puts the last of them there (a synchronous write, or a rewrite's rename): a kill of
   * the app cannot fall between the two, so what `run` does (a popup) and the line that says it
   * was done survive or vanish together. While writes fail, `run` runs at once (nothing waits for
   * the disk). Runs keep their order.
   */
  writeThen(run: () => void): void {
    if (this.#failing) {
      this.#release(this.#runs.splice(0));
      run();
      return;
    }
    this.#runs.push(run);
    this.#queuePending();
  }

  /** Queues the write of the lines appended so far, now. */
  #queuePending(): void {
    clearTimeout(this.#delay);
    this.#delay = undefined;
    if (this.#pending.length === 0 && this.#runs.length === 0) return;
    const batch = this.#batch;
    // The lines (and the runs waiting for them) are taken at the first attempt and kept for the
    // retries; a rewrite queued since holds them already (it bumps the batch), so they are
    // dropped then.
    let taken: { text: string; runs: (() => void)[] } | undefined;
    this.#enqueue(async () => {
      if (batch !== this.#batch) return;
      taken ??= { text: this.#takePending(), runs: this.#runs.splice(0) };
      const { text, runs } = taken;
      try {
        if (text !== '') await this.#appendText(text, () => this.#release(runs));
      } finally {
        // Written: released in the write's step above. Failed: the disk must not hold them.
        this.#release(runs);
      }
    });
  }

  /** Calls the runs taken for a write (once: the list is emptied), each whatever the others do. */
  #release(runs: (() => void)[]): void {
    for (const run of runs.splice(0)) {
      try {
        run();
      } catch (error) {
        this.#warn(`after a write: ${errorMessage(error)}`);
      }
    }
  }

  /** True while writes fail and are being retried. */
  get troubled(): boolean {
    return this.#failing;
  }

  /** Queues an atomic replacement of the whole file by these values (compaction). */
  rewrite(values: readonly unknown[]): void {
    this.rewriteLines(values.map((value) => JSON.stringify(value)));
  }

  /** As `rewrite`, for values already serialised, one line of JSON each. */
  rewriteLines(lines: readonly string[]): void {
    // The values hold everything appended so far: lines still waiting would only be overwritten,
    // and the write already queued for them must not take lines appended after this rewrite.
    clearTimeout(this.#delay);
    this.#delay = undefined;
    this.#pending = [];
    const runs = this.#runs.splice(0); // their lines are among these: released at the rename
    this.#batch += 1;
    const content = lines.length > 0 ? `${lines.join('\n')}\n` : '';
    this.#lines = lines.length;
    this.#enqueue(async () => {
      try {
        await this.#writeAtomically(content, () => this.#release(runs));
      } finally {
        this.#release(runs);
      }
    });
  }

  /**
   * Queues a compaction of an append-only file to its last `count` lines, copied as bytes: no
   * value is serialised again (the event list alone is megabytes of JSON). Lines appended before
   * the compaction runs are written first and count among the last.
   */
  keepLast(count: number): void {
    this.#queuePending();
    this.#lines = Math.min(this.#lines, count);
    this.#enqueue(async () => {
      const bytes = await readFile(this.#file).catch((error: unknown) => {
        if (errorCode(error) === 'ENOENT') return Buffer.alloc(0);
        throw error;
      });
      await this.#writeAtomically(bytes.subarray(startOfLastLines(bytes, count)));
    });
  }

  #takePending(): string {
    const text = this.#pending.join('');
    this.#pending = [];
    return text;
  }

  /**
   * Appends whole lines, written synchronously (a few kilobytes into the OS's cache: cheaper than
   * a round trip through libuv's thread pool, and `written` runs in the same step); a write that
   * fails part-way is cut back, so a retry starts clean.
   */
  async #appendText(text: string, written: () => void = () => {}): Promise<void> {
    if (!this.#handle) {
      // Private like the rest of the data directory: titles and paths say what the user watches.
      const handle = await open(this.#file, 'a', 0o600);
      this.#size = (await handle.stat()).size;
      this.#handle = handle;
    }
    const handle = this.#handle;
    const data = Buffer.from(text);
    let done = 0;
    try {
      while (done < data.length) done += writeSync(handle.fd, data, done, data.length - done);
      this.#size += data.length;
    } catch (error) {
      // ENOSPC may land after part of the batch: half a line would glue onto the retry's first.
      if (done > 0) await handle.truncate(this.#size).catch(() => this.#closeHandle());
      throw error;
    }
    written();
  }

  /**
   * Finishes queued writes and closes the file (appends after this reopen it). While writes fail,
   * each is tried once more and then given up with a warning (the journal still holds what the
   * history would have said: start-up recovers it).
   */
  async close(): Promise<void> {
    this.#queuePending();
    this.#enqueue(() => this.#closeHandle());
    this.#closing = true;
    this.#wake?.();
    await this.#queue;
    this.#closing = false;
  }

  async #closeHandle(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close();
  }

  /**
   * Resolves when every queued write has finished, or as soon as writes fail: they are retried
   * in the background then, and a caller must not wait for the disk to get space again.
   */
  flush(): Promise<void> {
    this.#queuePending();
    if (this.#failing) return Promise.resolve();
    return new Promise((resolve) => {
      this.#troubleWaiters.push(resolve);
      void this.#queue.then(() => {
        this.#troubleWaiters = this.#troubleWaiters.filter((waiter) => waiter !== resolve);
        resolve();
      });
    });
  }

  // Tasks run one at a time in call order; a failing one is retried (with a growing wait) before
  // anything queued after it, so lines reach the file in order once the disk has room again.
  #enqueue(task: () => Promise<void>): void {
    this.#queue = this.#queue.then(async () => {
      const first = this.#options.retryMs ?? RETRY_MS;
      for (let attempt = 0; ; attempt += 1) {
        try {
          await task();
          this.#recovered();
          return;
        } catch (error) {
          this.#troubled(error);
          if (this.#closing) {
            this.#warn(`gave up writing at close: ${errorMessage(error)}`);
            return;
          }
          await this.#pause(Math.min(first * 2 ** attempt, first * 30));
        }
      }
    });
  }

  #pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    }).then(() => {
      this.#wake = undefined;
    });
  }

  // One warning per run of failures: a full disk must not flood the log.
  #troubled(error: unknown): void {
    if (this.#failing) return;
    this.#failing = true;
    const message = `cannot write ${this.#file}: ${errorMessage(error)}; retrying`;
    this.#warn(message);
    this.#options.onTrouble?.(`${this.#options.label}: ${message}`);
    for (const release of this.#troubleWaiters.splice(0)) release();
    this.#release(this.#runs); // appended while the failing write waits: nothing waits for the disk
  }

  #recovered(): void {
    if (!this.#failing) return;
    this.#failing = false;
    this.#warn('writing works again');
    this.#options.onTrouble?.(undefined);
  }

  async #writeAtomically(content: string | Buffer, renamed?: () => void): Promise<void> {
    // The rename replaces the file: a handle to the old one would append into the void.
    await this.#closeHandle();
    await writeFileAtomic(this.#file, content, { renamed });
    await syncDirectory(path.dirname(this.#file));
  }

  async #setAside(): Promise<string | undefined> {
    const stamp = new Date((this.#options.now ?? Date.now)()).toISOString().replace(/[:.]/g, '-');
    const aside = `${this.#file}.corrupt-${stamp}`;
    try {
      await rename(this.#file, aside);
      return aside;
    } catch (error) {
      this.#warn(`cannot set ${this.#file} aside: ${errorMessage(error)}`);
      return undefined;
    }
  }

  // A crash during a rewrite leaves its temp file behind; the real file is still the old one.
  async #removeStaleTemps(): Promise<void> {
    // writeFileAtomic names them `.<name>.<random>.tmp`.
    const prefix = `.${path.basename(this.#file)}.`;
    const names = await readdir(path.dirname(this.#file)).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'))
        .map((name) => unlink(path.join(path.dirname(this.#file), name)).catch(() => undefined)),
    );
  }

  #warn(message: string): void {
    this.#options.onWarning(`${this.#options.label}: ${message}`);
  }
}

/** Byte offset where the last `count` lines of a file that ends with a newline begin. */
export function startOfLastLines(bytes: Buffer, count: number): number {
  let start = bytes.length - 1; // the final newline
  for (let seen = 0; seen < count; seen += 1) {
    // (a negative offset would make lastIndexOf count from the end)
    const newline = start > 0 ? bytes.lastIndexOf(0x0a, start - 1) : -1;
    if (newline < 0) return 0;
    start = newline;
  }
  return start + 1;
}

// Makes the rename itself durable; directories cannot be opened for this on Windows, so best effort.
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}
