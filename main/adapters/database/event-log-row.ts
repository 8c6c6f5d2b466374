import type { EventLogEntry } from '../../../shared/model';

/** A row of `event_log` as its queries read it (the body: its own, or its delivery's). */
export interface EventRow {
  seq: number; // the entry's id (EventLogEntry.entryId)
  received_at: number;
  source: string;
  event_type: string;
  event_id: string;
  room_id: number | null;
  duplicate: number;
  user_agent: string | null;
  body: Buffer | string | null;
}

const SOURCES: readonly EventLogEntry['source'][] = ['webhook', 'poll', 'test', 'replay'];

/** The entry a row holds, its body parsed (text that is not JSON stays text). */
export function entryOf(row: EventRow): EventLogEntry {
  const entry: EventLogEntry = {
    entryId: row.seq,
    receivedAt: row.received_at,
    source: SOURCES.find((source) => source === row.source) ?? 'webhook',
    eventType: row.event_type,
    eventId: row.event_id,
    duplicate: row.duplicate !== 0,
    body: parseBody(bodyText(row.body)),
  };
  if (row.room_id !== null) entry.roomId = row.room_id;
  if (row.user_agent !== null) entry.userAgent = row.user_agent;
  return entry;
}

/** A row's body as text ('null' when its delivery is gone). */
export function bodyText(body: EventRow['body']): string {
  if (body === null) return 'null'; // its delivery is gone: the pruning keeps them, so never yet
  return typeof body === 'string' ? body : body.toString('utf8');
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text; // kept as it came: text that is not JSON stays text
  }
}

/** A body as JSON text ('null' for what JSON cannot hold: a cycle, a BigInt). */
export function serialize(body: unknown): string {
  try {
    return JSON.stringify(body) ?? 'null';
  } catch {
    return 'null'; // not from JSON (a cycle, a BigInt): nothing to show
  }
}
