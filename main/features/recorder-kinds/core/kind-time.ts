import { RecorderTimestamp } from '../../../../shared/recorder/timestamp';

/**
 * A time as the app's webhooks carry it, from another recorder's: blrec sends Python's
 * `str(datetime)`, with a space where ISO 8601 has `T` (`2025-06-03 21:00:00.123456+08:00`);
 * biliLive-tools and DDTV send ISO 8601. Undefined when it is neither.
 */
export function kindTimestamp(text: string): string | undefined {
  const iso = /^\d{4}-\d{2}-\d{2} \d/.test(text) ? `${text.slice(0, 10)}T${text.slice(11)}` : text;
  return RecorderTimestamp.safeParse(iso).success ? iso : undefined;
}

/** The receipt time as a timestamp, for events that carry no time of their own. */
export function receiptTimestamp(receivedAt: number): string {
  return new Date(receivedAt).toISOString();
}
