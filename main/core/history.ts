import { HISTORY_LIMITS, type HistoryQuery, type NotificationDecision } from '../../shared/history';
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

/** What the event log holds, oldest first (what its store persists). */
export interface HistorySnapshot {
  events: EventLogEntry[];
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
// Event bodies are capped: the key is for finding an event, not for storing it twice.
const MAX_EVENT_KEY = 4096;

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

/**
 * A raw event as held: its body kept as JSON text, one string, not the tree of objects a parsed
 * body is. Thousands of bodies are held, and each object of them would survive garbage collection
 * after garbage collection; pages of 50 are parsed when asked for.
 */
export interface HeldEvent {
  head: Omit<EventLogEntry, 'body'>;
  bodyJson: string;
  /** True when the journal keeps this delivery, so the event log's own file does not. */
  journaled: boolean;
}

// Text with a line break (pretty-printed JSON) is held serialised again, so that every held body
// is one line and can be written to a JSON-lines file as it is.
function holdEvent(
  event: EventLogEntry,
  bodyJson: string | undefined,
  journaled: boolean,
): HeldEvent {
  const oneLine = bodyJson !== undefined && !bodyJson.includes('\n');
  return {
    head: eventHead(event),
    bodyJson: oneLine ? bodyJson : serialize(event.body),
    journaled,
  };
}

// Field by field: a rest pattern (`{ body, ...head }`) copies through a slow path, per webhook.
function eventHead(event: EventLogEntry): HeldEvent['head'] {
  const head: HeldEvent['head'] = {
    seq: event.seq,
    receivedAt: event.receivedAt,
    source: event.source,
    eventType: event.eventType,
    eventId: event.eventId,
    duplicate: event.duplicate,
  };
  if (event.roomId !== undefined) head.roomId = event.roomId;
  if (event.userAgent !== undefined) head.userAgent = event.userAgent;
  if (event.journalSeq !== undefined) head.journalSeq = event.journalSeq;
  return head;
}

function releaseEvent({ head, bodyJson }: HeldEvent): EventLogEntry {
  let body: unknown = bodyJson;
  try {
    body = JSON.parse(bodyJson);
  } catch {
    // held as it was given: text that is not JSON stays text
  }
  return { ...head, body };
}

function serialize(body: unknown): string {
  try {
    return JSON.stringify(body) ?? 'null';
  } catch {
    return 'null'; // not from JSON (a cycle, a BigInt): nothing to show
  }
}

function eventKey(held: HeldEvent): string {
  const { head, bodyJson } = held;
  // Text as received may spell characters as \uXXXX escapes; search the characters.
  const body = bodyJson.includes('\\u') ? serialize(releaseEvent(held).body) : bodyJson;
  return `${head.eventType}\n${head.eventId}\n${body}`.slice(0, MAX_EVENT_KEY);
}

/**
 * The event log ("Webhook log") as held in memory until it moves into the database (issue 32:
 * the Files list and the notifications are in the database already, database/history-tables.ts).
 */
export class History {
  readonly #events: BoundedList<HeldEvent>;

  constructor(limits: Pick<HistoryLimits, 'events'> = HISTORY_LIMITS) {
    this.#events = new BoundedList(limits.events, eventKey);
  }

  /**
   * Records a raw event; `bodyJson` is its body's JSON text as received, if at hand, and
   * `journaled` says that the journal keeps the delivery. Returns the event as held (its body as
   * JSON text), for a store to write without serialising it again.
   */
  addEvent(event: EventLogEntry, bodyJson?: string, journaled = false): HeldEvent {
    const held = holdEvent(event, bodyJson, journaled);
    this.#events.push(held);
    return held;
  }

  /** Raw events, newest first; text matches type, id and the body (name, title, path inside). */
  events(query: HistoryQueryOptions = {}): HistoryResult<EventLogEntry> {
    const page = this.#events.page(
      query,
      matcher(query, (event, roomId) => event.head.roomId === roomId),
    );
    return { items: page.items.map(releaseEvent), total: page.total };
  }

  /** One raw event by its sequence number, if still held. */
  eventBySeq(seq: number): EventLogEntry | undefined {
    for (const slot of this.#events.slots())
      if (slot.value.head.seq === seq) return releaseEvent(slot.value);
    return undefined;
  }

  /** The highest event sequence number held, 0 when there is none (to continue numbering after a restart). */
  lastEventSeq(): number {
    let max = 0;
    for (const slot of this.#events.slots()) max = Math.max(max, slot.value.head.seq);
    return max;
  }

  /** How many events are held. */
  sizes(): Pick<HistoryLimits, 'events'> {
    return { events: this.#events.size };
  }

  /** Every event, oldest first. */
  snapshot(): HistorySnapshot {
    return { events: this.list() };
  }

  /** The raw events as held (each body one line of JSON text), oldest first. */
  heldEvents(): HeldEvent[] {
    return Array.from(this.#events.slots(), (slot) => slot.value);
  }

  /** Every event, oldest first. */
  list(): EventLogEntry[] {
    return Array.from(this.#events.slots(), (slot) => releaseEvent(slot.value));
  }
}
