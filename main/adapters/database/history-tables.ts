import {
  HISTORY_LIMITS,
  type HistoryFile,
  type HistoryNotification,
  type NotificationDecision,
} from '../../../shared/history';
import type { PushRecord } from '../../../shared/push';
import type { HistoryQueryOptions, HistoryResult } from '../../core/history';
import { unbacked, type Effect, type OwedEffect } from '../../core/outbox';
import type { KeptDecision } from '../../core/plug-ins';
import type { DatabaseHandle } from './database-handle';
import { allFiles, allNotifications, filesPage, notificationsPage } from './history-queries';
import {
  insertFile,
  insertNotification,
  NOTIFICATION_COLUMNS,
  notificationOf,
  pruneBeyond,
  setFileDuration,
  withPush,
  type NotificationRow,
} from './history-rows';
import { HistoryWriter } from './history-writer';
import { OutboxTable } from './outbox-table';

/** How many rows each list keeps; the oldest go beyond it. */
export interface HistoryTableLimits {
  files: number;
  notifications: number;
}

/** The history's queries, without the writes. */
export type HistoryReader = Pick<
  HistoryTables,
  'files' | 'notifications' | 'notificationById' | 'unreadCount' | 'list'
>;

/** Rows a list may grow past its bound before the oldest are deleted (in the add's own commit). */
const slackOf = (limit: number) => Math.max(8, Math.ceil(limit / 10));

const MISSED: NotificationDecision = { shown: false, reason: 'missed' };

/**
 * The Files list and the notifications in the database (tables of history-migration.ts): every
 * write a unit of the turn's group commit (through HistoryWriter, retried while the disk
 * fails), every read a query; nothing is held in memory beyond a query's answer and the keys of
 * the writes not committed yet (so that a happening is never recorded twice meanwhile).
 * Each list is kept to its bound by count: every few adds the oldest rows beyond it are deleted
 * in the add's commit (polls add rows too, and move no processed mark, so this cannot wait for
 * the deliveries' pruning) and the pages given back. A decision is committed with its effects
 * owed in the outbox (outbox-table.ts), which the dispatcher delivers after the commit.
 */
export class HistoryTables {
  readonly #db: DatabaseHandle;
  readonly #writer: HistoryWriter;
  readonly #limits: HistoryTableLimits;
  readonly #pendingFiles = new Set<string>();
  readonly #pendingDecisions = new Set<string>();
  readonly #added = { files: 0, notifications: 0 };
  readonly #outbox: OutboxTable;

  constructor(
    db: DatabaseHandle,
    options: {
      limits?: HistoryTableLimits | undefined;
      /** Where a decision's effects are written, in its own transaction (default: its own). */
      outbox?: OutboxTable | undefined;
      warn: (message: string) => void;
      onTrouble?: ((trouble: string | undefined) => void) | undefined;
      retryMs?: number | undefined;
    },
  ) {
    this.#db = db;
    this.#limits = options.limits ?? HISTORY_LIMITS;
    this.#outbox = options.outbox ?? new OutboxTable(db, options.warn);
    this.#writer = new HistoryWriter(db, options);
  }

  /** The queries of the window (the store itself: each reads the database). */
  get queries(): HistoryReader {
    return this;
  }

  /**
   * Records a finished file; false when one of the same key is on its way, else its commit:
   * resolves once the row is readable (the Files list's cue) with true, or with false when one of
   * the same key was listed already (a recovery run again: nothing written); rejects if dropped.
   * The listed key is met by the insert itself, inside the turn's transaction: a look-up before
   * it was a read transaction of its own per file (hasFile, which recovery still asks).
   * A file a journaled delivery revealed (its key names the journal seq) asks for no sync of its
   * own: until the processed mark passes its delivery the next start lists it again from the
   * journal, and the mark is committed after it (the WAL keeps commits in order, so a mark on the
   * disk means the row is too), as is its decision, whose commit is synced. So a FileClosed held
   * for its group window still costs two synced commits, not three.
   */
  addFile(file: HistoryFile): Promise<boolean> | false {
    const key = file.key;
    if (key !== undefined) {
      if (this.#pendingFiles.has(key)) return false;
      this.#pendingFiles.add(key);
    }
    const journaled = key !== undefined && /^j\d+:/.test(key);
    const write = () => {
      const added = insertFile(this.#db, file) > 0;
      if (added) this.#prune('files');
      return added;
    };
    const committed = this.#writer
      .write(write, undefined, { synced: !journaled })
      .finally(() => key !== undefined && this.#pendingFiles.delete(key));
    committed.catch(() => undefined); // dropped: the writer warned; whoever waits handles it
    return committed;
  }

  /**
   * A listed file's duration, read after it was listed (ffprobe); resolves with the file as now
   * listed, undefined when none has the key (or the write waits for the disk). Unsynced: a kill
   * loses a duration, never a file.
   */
  setFileDuration(key: string, seconds: number): Promise<HistoryFile | undefined> {
    return new Promise((resolve) => {
      this.#writer
        .write(
          () => setFileDuration(this.#db, key, seconds),
          () => resolve(undefined),
          {
            synced: false,
          },
        )
        .then(resolve, () => resolve(undefined));
    });
  }

  /**
   * Records a notification with its decision and, in the same transaction, its effects (the
   * popup and pushes it owes: the outbox); false when a decision on the same happening (by key)
   * is recorded, so a recovery run that meets a recorded happening again records nothing. When
   * the first try fails (the disk), `committed` rejects, the effects are delivered unbacked by the
   * dispatcher, and the retried write records the decision without them.
   */
  addNotification(
    entry: HistoryNotification,
    /** A summary's: the keys of the happenings it stands for, decided with it. */
    standsFor: readonly string[] = [],
    effects: readonly Effect[] = [],
  ): KeptDecision | false {
    const key = entry.notification.key;
    if (key !== undefined) {
      if (this.hasDecision(key)) return false;
      this.#pendingDecisions.add(key);
    }
    for (const grouped of standsFor) this.#pendingDecisions.add(grouped);
    let owing = effects;
    let firstTry!: { resolve: (owed: OwedEffect[]) => void; reject: (error: unknown) => void };
    const committed = new Promise<OwedEffect[]>(
      (resolve, reject) => (firstTry = { resolve, reject }),
    );
    committed.catch(() => undefined); // whoever waits handles it; nobody need wait
    void this.#writer
      .write(
        () => {
          const row = insertNotification(this.#db, entry, standsFor);
          const owed =
            row === undefined
              ? []
              : this.#outbox.owe(this.#db, owing, {
                  notificationId: entry.notification.id,
                  row,
                  key,
                  createdAt: entry.notification.createdAt,
                });
          this.#prune('notifications');
          return owed;
        },
        (error) => {
          owing = []; // delivered at once, unbacked: not owed again by the retried write
          firstTry.reject(error);
        },
      )
      .then(
        (owed) => firstTry.resolve(owed),
        (error: unknown) => firstTry.reject(error),
      )
      .finally(() => {
        if (key !== undefined) this.#pendingDecisions.delete(key);
        for (const grouped of standsFor) this.#pendingDecisions.delete(grouped);
      });
    return { committed, effects: unbacked(entry, effects) };
  }

  /**
   * True when a decision on the happening of this key is recorded (or on its way): its own row,
   * or a summary's that stands for it.
   */
  hasDecision(key: string): boolean {
    if (this.#pendingDecisions.has(key)) return true;
    if (this.#db.connection() === undefined) return false;
    const decided = this.#db.statement(
      'SELECT 1 FROM notifications WHERE key = ? UNION ALL SELECT 1 FROM grouped_keys WHERE key = ?',
    );
    return decided.pluck().get(key, key) !== undefined;
  }

  /** True when a finished file of this key is listed (or on its way). */
  hasFile(key: string): boolean {
    if (this.#pendingFiles.has(key)) return true;
    if (this.#db.connection() === undefined) return false;
    return this.#db.statement('SELECT 1 FROM files WHERE key = ?').pluck().get(key) !== undefined;
  }

  /**
   * Marks the notification(s) with this id read; resolves false when none was unread (or the
   * change waits for the disk, or the history is closed: the window's call never hangs on it).
   */
  async markRead(id: string): Promise<boolean> {
    const changes = await this.#firstTry(
      () =>
        this.#db.statement('UPDATE notifications SET read = 1 WHERE id = ? AND read = 0').run(id)
          .changes,
    );
    return (changes ?? 0) > 0;
  }

  /** Marks every notification read; resolves with how many were unread (0: see markRead). */
  async markAllRead(): Promise<number> {
    return (
      (await this.#firstTry(
        () => this.#db.statement('UPDATE notifications SET read = 1 WHERE read = 0').run().changes,
      )) ?? 0
    );
  }

  /**
   * Keeps a push's outcome with its notification (the newest per target); false: not kept. Given
   * in the turn of the push's done mark (push-sink.ts), it goes in that mark's commit, with no
   * sync of its own: a kill loses both or neither, and then the push is sent again.
   */
  recordPush(id: string, record: PushRecord): Promise<boolean> {
    const write = () => {
      const rows = this.#db
        .statement('SELECT row, push FROM notifications WHERE id = ?')
        .all(id) as { row: number; push: string | null }[];
      const update = this.#db.statement('UPDATE notifications SET push = ? WHERE row = ?');
      for (const found of rows) update.run(withPush(found.push, record), found.row);
      return rows.length > 0;
    };
    return this.#writer.write(write, undefined, { synced: false });
  }

  /** An owed popup too old to show at start: recorded as missed (read; the summary counts it). */
  markMissed(row: number): Promise<void> {
    return this.#writer.write(() => {
      this.#db
        .statement('UPDATE notifications SET read = 1, decision = ? WHERE row = ?')
        .run(JSON.stringify(MISSED), row);
    });
  }

  /** Finished files, newest first; text matches name, title and both paths. */
  files(query: HistoryQueryOptions = {}): HistoryResult<HistoryFile> {
    return filesPage(this.#db, query);
  }

  /** Notifications, newest first; text matches title, body and the action's path or URL. */
  notifications(query: HistoryQueryOptions = {}): HistoryResult<HistoryNotification> {
    return notificationsPage(this.#db, query);
  }

  /** A notification by id (the newest, should an id repeat). */
  notificationById(id: string): HistoryNotification | undefined {
    if (this.#db.connection() === undefined) return undefined;
    const row = this.#db
      .statement(
        `SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE id = ? ORDER BY row DESC LIMIT 1`,
      )
      .get(id) as NotificationRow | undefined;
    return row ? notificationOf(row) : undefined;
  }

  /** Number of unread notifications. */
  unreadCount(): number {
    if (this.#db.connection() === undefined) return 0;
    return this.#db
      .statement('SELECT count(*) FROM notifications WHERE read = 0')
      .pluck()
      .get() as number;
  }

  /** Every entry of one list, oldest first. */
  list(list: 'files'): HistoryFile[];
  list(list: 'notifications'): HistoryNotification[];
  list(list: 'files' | 'notifications'): HistoryFile[] | HistoryNotification[] {
    return list === 'files' ? allFiles(this.#db) : allNotifications(this.#db);
  }

  /** Why the history cannot be written now (its writes wait in memory); undefined: it can. */
  get trouble(): string | undefined {
    return this.#writer.trouble;
  }

  /** Resolves once every write so far was tried (see `trouble` for one still waiting). */
  flush(): Promise<void> {
    return this.#writer.flush();
  }

  /** Tries what is queued once more and stops writing (the database is closed by its owner). */
  close(): Promise<void> {
    return this.#writer.close();
  }

  // A write whose caller waits only for its first try: undefined when that failed (the write
  // itself goes on waiting for the disk) or the history is closed.
  #firstTry<T>(work: () => T): Promise<T | undefined> {
    return new Promise<T | undefined>((resolve) => {
      this.#writer.write(work, () => resolve(undefined)).then(resolve, () => resolve(undefined));
    });
  }

  // Inside an add's unit: every few adds, the rows beyond the bound go, and after the commit
  // the pages they held are given back.
  #prune(list: 'files' | 'notifications'): void {
    const limit = this.#limits[list];
    if ((this.#added[list] += 1) < slackOf(limit)) return;
    this.#added[list] = 0;
    if (pruneBeyond(this.#db, list, limit) > 0) setImmediate(() => this.#db.reclaimSpace());
  }
}
