import type { RecorderWebhook } from '../../shared/recorder/webhook';

/** How a webhook is named in the event log: its V2 type, `V1`, or the unknown type as sent. */
export function eventLogType(webhook: RecorderWebhook): string {
  if (webhook.type === 'unknown') return webhook.eventType;
  return webhook.format === 'v1' ? 'V1' : webhook.type;
}

/** The room a webhook names, for the event log's room filter; undefined for an unknown type. */
export function eventLogRoomId(webhook: RecorderWebhook): number | undefined {
  return webhook.type === 'unknown' ? undefined : webhook.data.RoomId;
}
