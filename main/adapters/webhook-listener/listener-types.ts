import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Settings } from '../../../shared/settings';
import type { Logger } from '../../core/ports';
import type { IntakeResult, WebhookIntake } from '../../core/webhook-intake';

/** Largest webhook body accepted; the recorder's are about 1 KB. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Header that marks the app's own test event ("send test event" in the window). */
export const TEST_EVENT_HEADER = 'x-recorder-tray-test';
/**
 * The webhook path: `/webhook` for the first recorder, `/webhook/<recorder id>` for the others;
 * with a token, `/webhook/<token>` and `/webhook/<token>/<recorder id>`.
 */
export const WEBHOOK_PATH = '/webhook';

/** A handler of a route a feature adds to the listener; `path` is without the query. */
export type ListenerRoute = (req: IncomingMessage, res: ServerResponse, path: string) => void;

/** What the webhook listener needs. */
export interface WebhookListenerDeps {
  intake: WebhookIntake;
  /**
   * Runs after the 2xx has been sent, for each accepted event, in acceptance order, with the
   * body's JSON text as received.
   */
  onAccepted: (result: Extract<IntakeResult, { status: 'accepted' }>, bodyJson: string) => void;
  /** Runs after the 2xx for a delivery recognised as a duplicate (for the event log). */
  onDuplicate?: (
    result: Extract<IntakeResult, { status: 'duplicate' }>,
    body: unknown,
    userAgent: string | undefined,
    /** The body's JSON text as received. */
    bodyJson: string,
  ) => void;
  /** The token in the webhook URL, as bound ('' for none). */
  token: string;
  /**
   * The recorders' ids, the first first: each has its own URL, so the app knows who sent what
   * (nothing in a webhook names its recorder). Read per request: a recorder added in the
   * settings is reachable without a rebind.
   */
  recorderIds: () => readonly string[];
  /** The per-run secret the app's own test events carry in TEST_EVENT_HEADER (none before the first). */
  testSecret?: () => string | undefined;
  /**
   * Reads a body that came in on a recorder of another kind (blrec, DDTV, biliLive-tools);
   * undefined for a BililiveRecorder, whose webhooks are read as they are.
   */
  translate?: (recorderId: string, body: unknown) => Promise<KindTranslation> | undefined;
  /**
   * Routes a feature adds under its own path prefix (the phone's `/phone/…`), read per request:
   * a path that starts with a prefix goes to its handler, behind the same Origin / Host guard.
   */
  routes?: () => ReadonlyMap<string, ListenerRoute>;
  version: string;
  startedAt: number;
  clock: () => number;
  log: Logger;
}

/**
 * Another kind of recorder's event read into BililiveRecorder bodies (main/features/recorder-kinds):
 * the bodies the journal keeps (none: known, nothing to keep), or why it was refused.
 */
export type KindTranslation =
  { ok: true; bodies: object[] } | { ok: false; error: string; reasons: string[] };

/** A webhook answered 2xx, waiting for the work after the answer. */
export interface Answered {
  result: IntakeResult;
  body: unknown;
  userAgent: string | undefined;
  bodyJson: string;
}

/** Where the listener binds: the settings' `listener`. */
export type ListenerAddress = Settings['listener'];
