import type { EventLogEntry } from '../../shared/model';
import type { RecorderWebhook } from '../../shared/recorder/webhook';

/** How a webhook is named in the event log: its V2 type, `V1`, or the unknown type as sent. */
function eventLogType(webhook: RecorderWebhook): string {
  if (webhook.type === 'unknown') return webhook.eventType;
  return webhook.format === 'v1' ? 'V1' : webhook.type;
}

/** The event log's record of one delivery (accepted, duplicate, test or replay). */
export function eventLogEntry(
  webhook: RecorderWebhook,
  body: unknown,
  meta: Pick<
    EventLogEntry,
    'seq' | 'receivedAt' | 'source' | 'duplicate' | 'userAgent' | 'journalSeq'
  >,
): EventLogEntry {
  // A plain literal, not spreads: this runs per webhook, and spreading costs several times more.
  const entry: EventLogEntry = {
    seq: meta.seq,
    receivedAt: meta.receivedAt,
    source: meta.source,
    duplicate: meta.duplicate,
    eventType: eventLogType(webhook),
    eventId: webhook.id,
    body,
  };
  if (meta.userAgent !== undefined) entry.userAgent = meta.userAgent;
  if (meta.journalSeq !== undefined) entry.journalSeq = meta.journalSeq;
  if (webhook.type !== 'unknown') entry.roomId = webhook.data.RoomId;
  return entry;
}
