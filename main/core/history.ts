import {
  HISTORY_LIMITS,
  type HistoryFile,
  type HistoryNotification,
  type HistoryQuery,
  type NotificationDecision,
} from '../../shared/history';
import type { EventLogEntry } from '../../shared/model';

/** Size bounds of the three history lists. */
export interface HistoryLimits {
  files: number;
  notifications: number;
  events: number;
}

/** One page of results, newest first, and how many entries match in all. */
export interface HistoryResult<T> {
  items: T[];
  total: number;
}

/** Everything the history holds, oldest first (what the store persists). */
export interface HistorySnapshot {
  files: HistoryFile[];
  notifications: HistoryNotification[];
  events: EventLogEntry[];
}

/** A query with every field optional; defaults as in shared/history.ts. */
export type HistoryQueryOptions = Partial<HistoryQuery>;

/**
 * The read state a new notification starts with: shown ones, and ones held back only by a pause
 * ("what did I miss"), are unread; muted, disabled, grouped (the summary counts), flapping and
 * start-up baseline ones are not news.
 */
export function initialReadState(decision: NotificationDecision): boolean {
  return !(decision.shown || decision.reason === 'paused');
}

// Search keys are built once per entry, on the first text query that needs them (not on every
// add: that is the webhook hot path), so a later query does not lower-case every field again.
// Event bodies are capped: the key is for finding an event, not for storing it twice.
const MAX_EVENT_KEY = 4096;

interface Slot<T> {
  value: T;
  key?: string;
}

/** A bounded list; entries are replaced, never mutated, so a returned page never changes later. */
class BoundedList<T> {
  readonly slots: Slot<T>[] = [];
  readonly #limit: number;
  readonly #keyOf: (value: T) => string;

  constructor(limit: number, keyOf: (value: T) => string) {
    this.#limit = Math.max(0, limit);
    this.#keyOf = keyOf;
  }

  /** Adds an entry and returns the ones that fell off the old end. */
  push(value: T): T[] {
    this.slots.push({ value });
    const excess = this.slots.length - this.#limit;
    return excess > 0 ? this.slots.splice(0, excess).map((slot) => slot.value) : [];
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
        let index = this.slots.length - 1 - offset;
        index >= 0 && items.length < limit;
        index -= 1
      ) {
        items.push(this.slots[index]!.value);
      }
      return { items, total: this.slots.length };
    }
    let total = 0;
    for (let index = this.slots.length - 1; index >= 0; index -= 1) {
      const slot = this.slots[index]!;
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

function eventKey(event: EventLogEntry): string {
  let body = '';
  try {
    body = JSON.stringify(event.body) ?? '';
  } catch {
    // A body that does not serialise is still findable by type and id.
  }
  return `${event.eventType}\n${event.eventId}\n${body}`.slice(0, MAX_EVENT_KEY);
}

function notificationKey({ notification }: HistoryNotification): string {
  const action = notification.action;
  const target =
    action?.kind === 'openUrl' ? action.url : action && 'path' in action ? action.path : '';
  return `${notification.title}\n${notification.body}\n${target}`;
}

/** The app's history: finished files, notifications with their decisions, and raw events. */
export class History {
  readonly #files: BoundedList<HistoryFile>;
  readonly #notifications: BoundedList<HistoryNotification>;
  readonly #events: BoundedList<EventLogEntry>;
  #unread = 0;

  constructor(limits: HistoryLimits = HISTORY_LIMITS) {
    this.#files = new BoundedList(
      limits.files,
      (f) => `${f.name}\n${f.title}\n${f.relativePath}\n${f.resolvedPath ?? ''}`,
    );
    this.#notifications = new BoundedList(limits.notifications, notificationKey);
    this.#events = new BoundedList(limits.events, eventKey);
  }

  /** Records a finished file. */
  addFile(file: HistoryFile): void {
    this.#files.push(file);
  }

  /** Records a notification and its decision. */
  addNotification(entry: HistoryNotification): void {
    if (!entry.read) this.#unread += 1;
    for (const dropped of this.#notifications.push(entry)) if (!dropped.read) this.#unread -= 1;
  }

  /** Records a raw event. */
  addEvent(event: EventLogEntry): void {
    this.#events.push(event);
  }

  /** Marks the notification(s) with this id read; false when none was unread. */
  markRead(id: string): boolean {
    let changed = false;
    for (const slot of this.#notifications.slots) {
      if (slot.value.read || slot.value.notification.id !== id) continue;
      slot.value = { ...slot.value, read: true };
      this.#unread -= 1;
      changed = true;
    }
    return changed;
  }

  /** Marks every notification read; returns how many were unread. */
  markAllRead(): number {
    const count = this.#unread;
    if (count === 0) return 0;
    for (const slot of this.#notifications.slots)
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
    return this.#files.page(
      query,
      matcher(query, (file, roomId) => file.roomId === roomId),
    );
  }

  /** Notifications, newest first; text matches title, body and the action's path or URL. */
  notifications(query: HistoryQueryOptions = {}): HistoryResult<HistoryNotification> {
    const unreadOnly = query.unreadOnly ? (entry: HistoryNotification) => !entry.read : undefined;
    return this.#notifications.page(
      query,
      matcher(query, (entry, roomId) => entry.notification.roomIds.includes(roomId), unreadOnly),
    );
  }

  /** Raw events, newest first; text matches type, id and the body (name, title, path inside). */
  events(query: HistoryQueryOptions = {}): HistoryResult<EventLogEntry> {
    return this.#events.page(
      query,
      matcher(query, (event, roomId) => event.roomId === roomId),
    );
  }

  /** One raw event by its sequence number, if still held. */
  eventBySeq(seq: number): EventLogEntry | undefined {
    return this.#events.slots.find((slot) => slot.value.seq === seq)?.value;
  }

  /** The highest event sequence number held, 0 when there is none (to continue numbering after a restart). */
  lastEventSeq(): number {
    return this.#events.slots.reduce((max, slot) => Math.max(max, slot.value.seq), 0);
  }

  /** How many entries each list holds. */
  sizes(): HistoryLimits {
    return {
      files: this.#files.slots.length,
      notifications: this.#notifications.slots.length,
      events: this.#events.slots.length,
    };
  }

  /** Every entry, oldest first. */
  snapshot(): HistorySnapshot {
    const values = <T>(list: BoundedList<T>) => list.slots.map((slot) => slot.value);
    return {
      files: values(this.#files),
      notifications: values(this.#notifications),
      events: values(this.#events),
    };
  }
}
