import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { HISTORY_LIMITS, HistoryFile, HistoryNotification } from '../../shared/history';
import { PushRecord } from '../../shared/push';
import { History, type HistoryLimits, type HistoryList } from '../core/history';
import { JsonLinesFile } from './json-lines-file';
import { errorMessage } from '../core/log-text';

// Why append-only JSON lines and not a snapshot per change: entries arrive in bursts, and
// rewriting a list per entry would cost a full write each time. An append costs one line, and a
// crash mid-append can only cut the last line, which loading drops. Each file is compacted
// (rewritten atomically via temp + fsync + rename) once it holds twice its bound in lines, so it
// never grows past that. The event log is in the database (database/event-log-table.ts).

/** The history's queries, without the mutators (those go through the store so they persist). */
export type HistoryReader = Pick<
  History,
  'files' | 'notifications' | 'notificationById' | 'unreadCount' | 'sizes' | 'snapshot' | 'list'
>;

/** Options of the history store. */
export interface HistoryStoreOptions {
  /** Folder of the history files, e.g. `<data dir>/history`; created when missing. */
  dir: string;
  limits?: HistoryLimits;
  onWarning?: (message: string) => void;
  /**
   * Told when writing the history starts to fail (a full disk, EIO, read-only), with the first
   * file's message, and with undefined once every file writes again. Writes are retried meanwhile.
   */
  onTrouble?: (trouble: string | undefined) => void;
  /** For testing: the first wait before a failed write is tried again. */
  retryMs?: number;
  /** For testing: the time stamped on set-aside files. */
  now?: () => number;
}

/** A line of notifications.jsonl: an entry, or a later change of its read state. */
const NotificationLine = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), entry: HistoryNotification }),
  z.object({ op: z.literal('read'), id: z.string() }),
  z.object({ op: z.literal('readAll') }),
  z.object({ op: z.literal('push'), id: z.string(), record: PushRecord }),
]);
type NotificationLine = z.infer<typeof NotificationLine>;

/** Lines kept beyond a list's bound before a compaction; a floor keeps tiny bounds from compacting per write. */
const MIN_SLACK = 64;

/** The history, kept in memory and persisted as two JSON-lines files in the data directory. */
export class HistoryStore {
  readonly #history: History;
  readonly #limits: HistoryLimits;
  readonly #files: JsonLinesFile;
  readonly #notifications: JsonLinesFile;
  readonly #notificationLines = new WeakMap<HistoryNotification, string>();
  readonly #warn: (message: string) => void;
  /** Each file's write trouble, by label; reported as one. */
  readonly #troubles = new Map<string, string>();
  readonly #onTrouble: ((trouble: string | undefined) => void) | undefined;
  #closed = false;

  private constructor(options: HistoryStoreOptions) {
    this.#limits = options.limits ?? HISTORY_LIMITS;
    this.#history = new History(this.#limits);
    this.#warn = options.onWarning ?? (() => undefined);
    this.#onTrouble = options.onTrouble;
    const file = (name: string) =>
      new JsonLinesFile(path.join(options.dir, `${name}.jsonl`), {
        label: `history/${name}`,
        onWarning: this.#warn,
        now: options.now,
        retryMs: options.retryMs,
        onTrouble: (message) => this.#troubleChanged(`history/${name}`, message),
      });
    this.#files = file('files');
    this.#notifications = file('notifications');
  }

  /** Opens (or creates) the history in `dir`, reading what it can; never throws. */
  static async open(options: HistoryStoreOptions): Promise<HistoryStore> {
    const store = new HistoryStore(options);
    await mkdir(options.dir, { recursive: true }).catch((error: unknown) =>
      store.#warn(`history: cannot create ${options.dir}: ${errorMessage(error)}`),
    );
    await store.#load();
    return store;
  }

  /** The queries of the window. */
  get queries(): HistoryReader {
    return this.#history;
  }

  /** Records a finished file; false when one of the same key is held (a recovery run again). */
  addFile(file: HistoryFile): boolean {
    if (!this.#history.addFile(file)) return false;
    this.#write(this.#files, JSON.stringify(file), 'files');
    return true;
  }

  /**
   * Records a notification with its decision; false when a decision on the same happening (by
   * key) is held, so a recovery run that meets a recorded happening again records nothing.
   */
  addNotification(entry: HistoryNotification): boolean {
    if (!this.#history.addNotification(entry)) return false;
    this.#write(this.#notifications, this.#notificationLine(entry), 'notifications');
    return true;
  }

  /** True when a decision on the happening of this key is recorded. */
  hasDecision(key: string): boolean {
    return this.#history.hasDecision(key);
  }

  /** True when a finished file of this key is listed. */
  hasFile(key: string): boolean {
    return this.#history.hasFile(key);
  }

  /** The trouble writing the history now, if any (see `onTrouble`). */
  get trouble(): string | undefined {
    return this.#troubles.values().next().value;
  }

  #troubleChanged(label: string, message: string | undefined): void {
    const before = this.trouble;
    if (message === undefined) this.#troubles.delete(label);
    else this.#troubles.set(label, message);
    if (this.trouble !== before) this.#onTrouble?.(this.trouble);
  }

  // Each entry's line is kept (while memory holds the entry) for the compactions to reuse: they
  // rewrite the whole list every thousand notifications. An entry marked read is a new object.
  #notificationLine(entry: HistoryNotification): string {
    let line = this.#notificationLines.get(entry);
    if (line === undefined) {
      line = JSON.stringify({ op: 'add', entry } satisfies NotificationLine);
      this.#notificationLines.set(entry, line);
    }
    return line;
  }

  /** Marks one notification read; false when it was not unread. */
  markRead(id: string): boolean {
    const changed = this.#history.markRead(id);
    if (changed)
      this.#write(
        this.#notifications,
        JSON.stringify({ op: 'read', id } satisfies NotificationLine),
        'notifications',
      );
    return changed;
  }

  /** Keeps a push's outcome with its notification; false when it is no longer held. */
  recordPush(id: string, record: PushRecord): boolean {
    const found = this.#history.recordPush(id, record);
    if (found)
      this.#write(
        this.#notifications,
        JSON.stringify({ op: 'push', id, record } satisfies NotificationLine),
        'notifications',
      );
    return found;
  }

  /** Marks every notification read; returns how many were unread. */
  markAllRead(): number {
    const count = this.#history.markAllRead();
    if (count > 0)
      this.#write(
        this.#notifications,
        JSON.stringify({ op: 'readAll' } satisfies NotificationLine),
        'notifications',
      );
    return count;
  }

  /**
   * Runs `run` in the same step as the write that puts every notification recorded so far into
   * notifications.jsonl (at once while the disk fails): a shown decision and its popup survive a
   * kill of the app together, so start-up recovery neither loses nor repeats it.
   */
  afterNotificationsWritten(run: () => void): void {
    this.#notifications.writeThen(run);
  }

  /** Resolves when everything recorded so far is written. */
  async flush(): Promise<void> {
    await Promise.all([this.#files.flush(), this.#notifications.flush()]);
  }

  /** Writes what is pending and stops writing; later changes stay in memory only. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([this.#files.close(), this.#notifications.close()]);
  }

  async #load(): Promise<void> {
    const history = this.#history;
    const accept =
      <T>(schema: z.ZodType<T>, add: (value: T) => void) =>
      (value: unknown) => {
        const parsed = schema.safeParse(value);
        if (parsed.success) add(parsed.data);
        return parsed.success;
      };
    const loads = {
      files: await this.#files.load(accept(HistoryFile, (file) => history.addFile(file))),
      notifications: await this.#notifications.load(
        accept(NotificationLine, (line) => {
          if (line.op === 'add') history.addNotification(line.entry);
          else if (line.op === 'read') history.markRead(line.id);
          else if (line.op === 'push') history.recordPush(line.id, line.record);
          else history.markAllRead();
        }),
      ),
    };
    for (const list of ['files', 'notifications'] as const) {
      const load = loads[list];
      if (load.needsRewrite || load.lines > this.#maxLines(list)) this.#rewrite(list);
    }
    await this.flush();
  }

  // Appends one line of JSON and compacts the file once it is twice its bound.
  #write(file: JsonLinesFile, line: string, list: HistoryList): void {
    if (this.#closed) return;
    file.appendLine(line);
    if (file.lines > this.#maxLines(list)) this.#compact(list);
  }

  #maxLines(list: HistoryList): number {
    return this.#limits[list] + Math.max(this.#limits[list], MIN_SLACK);
  }

  // Files are append-only: once written whole, the file's last lines hold what memory holds, so
  // compaction copies those bytes instead of serialising the list again.
  #compact(list: HistoryList): void {
    if (list === 'notifications') return this.#rewrite(list); // read marks: lines are not entries
    this.#files.keepLast(this.#limits.files);
  }

  // Rewrites a file from memory: after a load found bad lines or lines past the bound, and to
  // compact notifications. The snapshot
  // is taken now, in call order with the appends queued before it, so the file holds exactly what
  // memory holds; appends queued after it land in the new file.
  #rewrite(list: HistoryList): void {
    switch (list) {
      case 'files':
        return this.#files.rewrite(this.#history.list('files'));
      case 'notifications':
        return this.#notifications.rewriteLines(
          this.#history.list('notifications').map((entry) => this.#notificationLine(entry)),
        );
    }
  }
}
