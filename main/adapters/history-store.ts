import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { HISTORY_LIMITS } from '../../shared/history';
import { EventLogEntry } from '../../shared/model';
import { rebuildEventLog } from '../core/event-log-merge';
import { History, type HistoryLimits } from '../core/history';
import { lineWithBody } from './json-line';
import { JsonLinesFile } from './json-lines-file';
import { errorMessage } from '../core/log-text';

// The event log only (the Files list and the notifications are in the database:
// database/history-tables.ts); it moves into the database next (issue 32), and this file with it.
// Why append-only JSON lines and not a snapshot per change: the event list is up to 5,000
// entries (megabytes), and events arrive in bursts; rewriting it per event would cost a full
// write each time. An append costs one line, and a crash mid-append can only cut the last line,
// which loading drops. The file is compacted (rewritten atomically via temp + fsync + rename)
// once it holds twice its bound in lines, so it never grows past that. The accepted deliveries of
// the event log are not in events.jsonl: the journal already holds each one, and the log is
// rebuilt from both at start-up (core/event-log-merge.ts).

/** The event log's queries, without the mutators (those go through the store so they persist). */
export type EventLogReader = Pick<
  History,
  'events' | 'eventBySeq' | 'lastEventSeq' | 'sizes' | 'snapshot' | 'list'
>;

/** Options of the event log's store. */
export interface HistoryStoreOptions {
  /** Folder of the history files, e.g. `<data dir>/history`; created when missing. */
  dir: string;
  limits?: Pick<HistoryLimits, 'events'>;
  /**
   * The event log's entries for the deliveries the journal holds, oldest first, each with its
   * journal seq as `seq` (which places events.jsonl's entries among them): merged with
   * events.jsonl at start-up and numbered afresh.
   */
  journaledEvents?: readonly EventLogEntry[];
  onWarning?: (message: string) => void;
  /**
   * Told when writing the file starts to fail (a full disk, EIO, read-only), with its message,
   * and with undefined once it writes again. Writes are retried meanwhile.
   */
  onTrouble?: (trouble: string | undefined) => void;
  /** For testing: the first wait before a failed write is tried again. */
  retryMs?: number;
  /** For testing: the time stamped on set-aside files. */
  now?: () => number;
}

/** Lines kept beyond the bound before a compaction; a floor keeps tiny bounds from compacting per write. */
const MIN_SLACK = 64;

/** The event log, kept in memory and persisted as `history/events.jsonl` in the data directory. */
export class HistoryStore {
  readonly #history: History;
  readonly #limit: number;
  readonly #events: JsonLinesFile;
  readonly #warn: (message: string) => void;
  #trouble: string | undefined;
  #closed = false;

  private constructor(options: HistoryStoreOptions) {
    this.#limit = (options.limits ?? HISTORY_LIMITS).events;
    this.#history = new History({ events: this.#limit });
    this.#warn = options.onWarning ?? (() => undefined);
    this.#events = new JsonLinesFile(path.join(options.dir, 'events.jsonl'), {
      label: 'history/events',
      onWarning: this.#warn,
      now: options.now,
      retryMs: options.retryMs,
      onTrouble: (message) => {
        this.#trouble = message;
        options.onTrouble?.(message);
      },
    });
  }

  /** Opens (or creates) the event log in `dir`, reading what it can; never throws. */
  static async open(options: HistoryStoreOptions): Promise<HistoryStore> {
    const store = new HistoryStore(options);
    await mkdir(options.dir, { recursive: true }).catch((error: unknown) =>
      store.#warn(`history: cannot create ${options.dir}: ${errorMessage(error)}`),
    );
    await store.#load(options.journaledEvents ?? []);
    return store;
  }

  /** The queries of the window. */
  get queries(): EventLogReader {
    return this.#history;
  }

  /** The trouble writing the event log now, if any (see `onTrouble`). */
  get trouble(): string | undefined {
    return this.#trouble;
  }

  /**
   * Records a raw event that only the event log keeps (a duplicate, a replay); `bodyJson` is its
   * body's JSON text as received, if at hand.
   */
  addEvent(event: EventLogEntry, bodyJson?: string): void {
    const held = this.#history.addEvent(event, bodyJson);
    if (this.#closed) return;
    this.#events.appendLine(lineWithBody(held.head, held.bodyJson));
    if (this.#events.lines > this.#maxLines()) this.#events.keepLast(this.#limit);
  }

  /**
   * Records a raw event whose delivery the journal keeps (an accepted webhook): held in memory
   * only, as the next start-up rebuilds it from the journal.
   */
  addJournaledEvent(event: EventLogEntry, bodyJson?: string): void {
    this.#history.addEvent(event, bodyJson, true);
  }

  /** Resolves when everything recorded so far is written. */
  async flush(): Promise<void> {
    await this.#events.flush();
  }

  /** Writes what is pending and stops writing; later changes stay in memory only. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#events.close();
  }

  async #load(journaledEvents: readonly EventLogEntry[]): Promise<void> {
    const logged: EventLogEntry[] = [];
    const load = await this.#events.load((value) => {
      const parsed = EventLogEntry.safeParse(value);
      if (parsed.success) logged.push(parsed.data);
      return parsed.success;
    });
    const rebuilt = rebuildEventLog(journaledEvents, logged, this.#limit);
    for (const { entry, journaled } of rebuilt.events)
      this.#history.addEvent(entry, undefined, journaled);
    if (load.needsRewrite || rebuilt.droppedFromFile > 0 || load.lines > this.#maxLines())
      this.#rewrite();
    await this.flush();
  }

  #maxLines(): number {
    return this.#limit + Math.max(this.#limit, MIN_SLACK);
  }

  // Rewrites the file from memory (after a load found bad lines, lines past the bound or entries
  // the journal holds): the bodies as held, no parse and serialise again.
  #rewrite(): void {
    this.#events.rewriteLines(
      this.#history
        .heldEvents()
        .filter((held) => !held.journaled)
        .map((held) => lineWithBody(held.head, held.bodyJson)),
    );
  }
}
