import type { RecorderWebhook } from '../../shared/recorder/webhook';

/** Current time in epoch ms; injected so that tests can drive time. */
export type Clock = () => number;

/** One accepted webhook as written to the journal (one JSON line). */
export interface JournalEntry {
  /** Position in the journal, from 1. */
  seq: number;
  /** Epoch ms when the listener accepted it. */
  receivedAt: number;
  /** Where it came from: the recorder, or the app's own test event. */
  source: 'webhook' | 'test';
  /** The recorder whose webhook URL it came in on; absent in journals from before: the first. */
  recorderId?: string;
  userAgent?: string;
  /** The decoded JSON body exactly as received. */
  body: unknown;
}

/** Durable, append-only storage of accepted webhooks, which is also the dedupe. */
export interface JournalPort {
  /** Whether a delivery of this webhook id (EventId / EventRandomId) is kept: a duplicate. */
  has(webhookId: string): boolean;
  /**
   * Resolves once the entry is committed and on disk (the 2xx may be sent then). `webhook` is the
   * body as parsed (its id the dedupe key; the event log names it by its type and room);
   * `bodyBytes`, when given, are the body's bytes as received (UTF-8 JSON), stored as they are.
   */
  append(entry: JournalEntry, webhook: RecorderWebhook, bodyBytes?: Uint8Array): Promise<void>;
}

/** A sink for log lines that are not user-facing output. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
