import type { RecorderWebhook } from '../../shared/recorder/webhook';

/** Current time in epoch ms; injected so that tests can drive time. */
export type Clock = () => number;

/** One accepted webhook as the deliveries journal keeps it (a row of `deliveries`). */
export interface KeptDelivery {
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

/** A kept delivery with its webhook parsed, as start-up replays it (state rebuilt, recovery). */
export interface ReplayedDelivery {
  /** Its place in the journal. */
  seq: number;
  webhook: RecorderWebhook;
  receivedAt: number;
  /** The recorder whose URL it came in on; absent (a journal from before): the first recorder. */
  recorderId?: string;
}

/** Durable, append-only storage of accepted webhooks, which is also the dedupe. */
export interface JournalPort {
  /**
   * Keeps the entry unless a delivery of the same webhook id (EventId / EventRandomId) is kept
   * already: resolves true once it is committed and on disk (the 2xx may be sent then), false for
   * such a duplicate (nothing written). `webhook` is the body as parsed (its id the dedupe key; the
   * event log names it by its type and room); `bodyBytes`, when given, are the body's bytes as
   * received (UTF-8 JSON), stored as they are.
   */
  append(entry: KeptDelivery, webhook: RecorderWebhook, bodyBytes?: Uint8Array): Promise<boolean>;
  /**
   * The seq of the delivery kept under this webhook id; undefined when none is (asked only after a
   * failed write, to tell its own row from an earlier delivery's). A journal without it cannot
   * tell: a retry it keeps already is then a duplicate.
   */
  keptSeq?(webhookId: string): number | undefined;
}

/** A sink for log lines that are not user-facing output. */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
