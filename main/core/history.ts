import { fileTimes } from '../../shared/file-times';
import {
  HISTORY_LIMITS,
  type HistoryFile,
  type HistoryNotification,
  type HistoryQuery,
  type NotificationDecision,
} from '../../shared/history';
import type { PushRecord } from '../../shared/push';

/** Size bounds of the history's lists and of the event log (database/event-log-table.ts). */
export interface HistoryLimits {
  files: number;
  notifications: number;
  events: number;
}

/** The lists the history keeps (the event log is in the database). */
export type HistoryList = 'files' | 'notifications';

/** One page of results, newest first, and how many entries match in all. */
export interface HistoryResult<T> {
  items: T[];
  total: number;
}

/** Everything the history holds, oldest first (what the store persists). */
export interface HistorySnapshot {
  files: HistoryFile[];
  notifications: HistoryNotification[];
}

/** A query with every field optional; defaults as in shared/history.ts. */
export type HistoryQueryOptions = Partial<HistoryQuery>;

/**
 * The read state a new notification starts with: shown ones, and ones held back only by a pause or
 * quiet hours ("what did I miss"), are unread; muted, disabled, grouped (the summary counts), flapping and
 * start-up baseline ones are not news.
 */
export function initialReadState(decision: NotificationDecision): boolean {
  return !(decision.shown || decision.reason === 'paused' || decision.reason === 'held');
}

// Search keys are built once per entry, on the first text query that needs them (not on every
// add: that is the webhook hot path), so a later query does not lower-case every field again.

interface Slot<T> {
  value: T;
  key?: string;
}

/** What a slot that fell off the old end holds until the array is cut. */
const FALLEN: Slot<unknown> = { value: undefined };

/**
 * A bounded list; entries are replaced, never mutated, so a returned page never changes later.
 * Entries that fall off the old end are dropped in chunks (the array is cut once its dead head is
 * as long as the bound), so an add costs O(1) however long the list: it runs per webhook.
 */
class BoundedList<T> {
  #slots: Slot<T>[] = [];
  /** Index of the oldest live slot; slots before it have fallen off. */
  #head = 0;
  readonly #limit: number;
  readonly #keyOf: (value: T) => string;

  constructor(limit: number, keyOf: (value: T) => string) {
    this.#limit = Math.max(0, limit);
    this.#keyOf = keyOf;
  }

  /** Number of entries held. */
  get size(): number {
    return this.#slots.length - this.#head;
  }

  /** The live slots, oldest first. */
  *slots(): IterableIterator<Slot<T>> {
    for (let index = this.#head; index < this.#slots.length; index += 1) yield this.#slots[index]!;
  }

  /** Adds an entry and returns the ones that fell off the old end. */
  push(value: T): T[] {
    this.#slots.push({ value });
    const dropped: T[] = [];
    while (this.size > this.#limit) {
      dropped.push(this.#slots[this.#head]!.value);
      this.#slots[this.#head++] = FALLEN as Slot<T>; // let go of the entry now, not at the cut
    }
    if (this.#head > 0 && this.#head >= Math.max(this.#limit, 64)) {
      this.#slots = this.#slots.slice(this.#head);
      this.#head = 0;
    }
    return dropped;
  }

  /** Newest first: the page from `offset`, and the number of entries that match. */
  page(
    query: HistoryQueryOptions,
    matches: ((slot: Slot<T>) => boolean) | undefined,
  ): HistoryResult<T> {
    const limit = query.limit ?? 50;
    const offset = query.offset ?? 0;
    const items: T[] = [];
    if (!matches) {
      for (
        let index = this.#slots.length - 1 - offset;
        index >= this.#head && items.length < limit;
        index -= 1
      ) {
        items.push(this.#slots[index]!.value);
      }
      return { items, total: this.size };
    }
    let total = 0;
    for (let index = this.#slots.length - 1; index >= this.#head; index -= 1) {
      const slot = this.#slots[index]!;
      slot.key ??= this.#keyOf(slot.value).toLowerCase();
      if (!matches(slot)) continue;
      if (total >= offset && items.length < limit) items.push(slot.value);
      total += 1;
    }
    return { items, total };
  }
}

/** Builds the text test of a query, or undefined when the query has no words. */
function textMatcher(text: string | undefined): ((key: string) => boolean) | undefined {
  const words = (text ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return undefined;
  return (key) => words.every((word) => key.includes(word));
}

/** Combines the room and text tests of a query; undefined when it filters nothing. */
function matcher<T>(
  query: HistoryQueryOptions,
  inRoom: (value: T, roomId: number) => boolean,
  extra?: (value: T) => boolean,
): ((slot: Slot<T>) => boolean) | undefined {
  const text = textMatcher(query.text);
  const roomId = query.roomId;
  if (!text && roomId === undefined && !extra) return undefined;
  return (slot) =>
    (roomId === undefined || inRoom(slot.value, roomId)) &&
    (!extra || extra(slot.value)) &&
    (!text || text(slot.key ?? ''));
}

function notificationKey({ notification }: HistoryNotification): string {
  const action = notification.action;
  const target =
    action?.kind === 'openUrl' ? action.url : action && 'path' in action ? action.path : '';
  return `${notification.title}\n${notification.body}\n${target}`;
}

/** The app's history: finished files and notifications with their decisions. */
export class History {
  readonly #files: BoundedList<HistoryFile>;
  readonly #notifications: BoundedList<HistoryNotification>;
  /** Keys of the happenings whose file / decision is held: a second record of one is refused. */
  readonly #fileKeys = new Set<string>();
  readonly #decisionKeys = new Set<string>();
  #unread = 0;

  constructor(limits: HistoryLimits = HISTORY_LIMITS) {
    this.#files = new BoundedList(
      limits.files,
      (f) => `${f.name}\n${f.title}\n${f.relativePath}\n${f.resolvedPath ?? ''}`,
    );
    this.#notifications = new BoundedList(limits.notifications, notificationKey);
  }

  /** Records a finished file; false (nothing recorded) when a file of the same key is held. */
  addFile(file: HistoryFile): boolean {
    if (file.key !== undefined) {
      if (this.#fileKeys.has(file.key)) return false;
      this.#fileKeys.add(file.key);
    }
    for (const dropped of this.#files.push(file))
      if (dropped.key !== undefined) this.#fileKeys.delete(dropped.key);
    return true;
  }

  /**
   * Records a notification and its decision; false (nothing recorded) when a decision on the same
   * happening (by key) is held: a recovery run that meets a recorded happening again is a no-op.
   */
  addNotification(entry: HistoryNotification): boolean {
    const key = entry.notification.key;
    if (key !== undefined) {
      if (this.#decisionKeys.has(key)) return false;
      this.#decisionKeys.add(key);
    }
    if (!entry.read) this.#unread += 1;
    for (const dropped of this.#notifications.push(entry)) {
      if (!dropped.read) this.#unread -= 1;
      if (dropped.notification.key !== undefined)
        this.#decisionKeys.delete(dropped.notification.key);
    }
    return true;
  }

  /** True when a decision on the happening of this key is held. */
  hasDecision(key: string): boolean {
    return this.#decisionKeys.has(key);
  }

  /** True when a finished file of this key is held. */
  hasFile(key: string): boolean {
    return this.#fileKeys.has(key);
  }

  /** Marks the notification(s) with this id read; false when none was unread. */
  markRead(id: string): boolean {
    let changed = false;
    for (const slot of this.#notifications.slots()) {
      if (slot.value.read || slot.value.notification.id !== id) continue;
      slot.value = { ...slot.value, read: true };
      this.#unread -= 1;
      changed = true;
    }
    return changed;
  }

  /**
   * Keeps a push's outcome with its notification (replacing an earlier one for the same target);
   * false when the notification is no longer held.
   */
  recordPush(id: string, record: PushRecord): boolean {
    let found = false;
    for (const slot of this.#notifications.slots()) {
      if (slot.value.notification.id !== id) continue;
      const others = (slot.value.push ?? []).filter((r) => r.target !== record.target);
      slot.value = { ...slot.value, push: [...others, record] };
      found = true;
    }
    return found;
  }

  /** Marks every notification read; returns how many were unread. */
  markAllRead(): number {
    const count = this.#unread;
    if (count === 0) return 0;
    for (const slot of this.#notifications.slots())
      if (!slot.value.read) slot.value = { ...slot.value, read: true };
    this.#unread = 0;
    return count;
  }

  /** Number of unread notifications. */
  unreadCount(): number {
    return this.#unread;
  }

  /** Finished files, newest first; text matches name, title and both paths. */
  files(query: HistoryQueryOptions = {}): HistoryResult<HistoryFile> {
    const { recordedFrom, recordedBefore } = query;
    const inRange =
      recordedFrom === undefined && recordedBefore === undefined
        ? undefined
        : (file: HistoryFile) => {
            const at = fileTimes(file).to;
            return at >= (recordedFrom ?? -Infinity) && at < (recordedBefore ?? Infinity);
          };
    return this.#files.page(
      query,
      matcher(query, (file, roomId) => file.roomId === roomId, inRange),
    );
  }

  /** Notifications, newest first; text matches title, body and the action's path or URL. */
  notifications(query: HistoryQueryOptions = {}): HistoryResult<HistoryNotification> {
    const { unreadOnly, createdFrom, createdBefore } = query;
    const spanned = createdFrom !== undefined || createdBefore !== undefined;
    const extra =
      unreadOnly || spanned
        ? (entry: HistoryNotification) =>
            (!unreadOnly || !entry.read) &&
            (createdFrom === undefined || entry.notification.createdAt >= createdFrom) &&
            (createdBefore === undefined || entry.notification.createdAt < createdBefore)
        : undefined;
    return this.#notifications.page(
      query,
      matcher(query, (entry, roomId) => entry.notification.roomIds.includes(roomId), extra),
    );
  }

  /** A notification by id, if still held (the newest, should an id repeat). */
  notificationById(id: string): HistoryNotification | undefined {
    let found: HistoryNotification | undefined;
    for (const slot of this.#notifications.slots())
      if (slot.value.notification.id === id) found = slot.value;
    return found;
  }

  /** How many entries each list holds. */
  sizes(): Record<HistoryList, number> {
    return { files: this.#files.size, notifications: this.#notifications.size };
  }

  /** Every entry, oldest first. */
  snapshot(): HistorySnapshot {
    return { files: this.list('files'), notifications: this.list('notifications') };
  }

  /** Every entry of one list, oldest first. */
  list<K extends keyof HistorySnapshot>(list: K): HistorySnapshot[K] {
    const values = <T>(from: BoundedList<T>) => Array.from(from.slots(), (slot) => slot.value);
    const chosen: HistorySnapshot[keyof HistorySnapshot] =
      list === 'files' ? values(this.#files) : values(this.#notifications);
    return chosen as HistorySnapshot[K];
  }
}
