import { firstRecorder, recorderById } from '../../shared/recorders';
import { parseWebhook, webhookRoomId } from '../../shared/recorder/webhook';
import type { Settings } from '../../shared/settings';
import { nodeCrypto } from '../adapters/node-crypto';
import { postTestEvent } from '../adapters/test-event-sender';
import {
  UnsafeBindError,
  WebhookServer,
  webhookUrlFor,
} from '../adapters/webhook-listener/webhook-server';
import type { EventPipeline } from '../core/event-pipeline';
import { kindWebhooks } from '../features/recorder-kinds/app/kind-webhooks';
import type { Logger } from '../core/ports';
import { buildTestWebhook, type TestEventKind } from '../core/test-event';
import type { AppContext } from './app-context';
import type { StartResult } from './app-ports';
import type { Observers } from './sources';
import type { Storage } from './storage';

/** What the listener is wired to. */
export interface ListenerWiring {
  context: AppContext;
  version: string;
  storage: Storage;
  pipeline: EventPipeline;
  observers: Observers;
  /** An accepted delivery was handed to the pipeline (moves the processed mark, recovery.ts). */
  fed?: (seq: number) => void;
  /** A real webhook came in on a recorder's URL (its link notes it). */
  webhookSeen?: (recorderId: string, roomId: number | undefined, at: number) => void;
}

/** The webhook listener and what goes with it: test events, replays, each recorder's URL. */
export interface Listener {
  server: WebhookServer;
  /**
   * The URL to paste into a recorder's webhook setting (the bound address, or the settings'
   * before binding); no id or the first recorder's: the plain `/webhook` URL.
   */
  webhookUrl(recorderId?: string): string;
  /** Runs a logged event's body through the pipeline again (shown as new, state untouched). */
  replay(body: unknown): boolean;
  /** Posts a real-format webhook to the app's own listener over HTTP, as the recorder would. */
  sendTestEvent(kind: TestEventKind): Promise<{ ok: boolean; message?: string }>;
}

/**
 * Builds the listener: an accepted delivery (noted in the event log with its journal row) is
 * applied by the pipeline for the recorder whose URL it came in on and shown to the observers; a
 * duplicate is only noted in the event log.
 */
export function buildListener(wiring: ListenerWiring): Listener {
  const { storage, pipeline, context } = wiring;
  const { clock, settings } = context;
  // Made at the first test event: until then no delivery can be one (node-crypto.ts: why late).
  let testSecret: string | undefined;
  const server = new WebhookServer({
    intake: storage.intake,
    testSecret: () => testSecret,
    recorderIds: recorderIdsOf(settings),
    translate: translatorOf(wiring),
    onDuplicate: ({ webhook, receivedAt }, body, userAgent, bodyJson) =>
      storage.logUnjournaled(
        webhook,
        body,
        { source: 'webhook', duplicate: true, userAgent, receivedAt },
        bodyJson,
      ),
    // Its event-log row was written with the delivery, in the same commit (deliveries-journal.ts).
    onAccepted: ({ webhook, delivery }) => {
      const recorderId = delivery.recorderId ?? firstRecorder(settings()).id;
      pipeline.applyWebhook(
        webhook,
        delivery.source,
        delivery.receivedAt,
        delivery.seq,
        recorderId,
      );
      wiring.fed?.(delivery.seq);
      // Observers hear of the recorder's own webhooks, not of the app's test events.
      if (delivery.source !== 'webhook') return;
      wiring.webhookSeen?.(recorderId, webhookRoomId(webhook), delivery.receivedAt);
      wiring.observers.notify('webhook', webhook, delivery.receivedAt, recorderId);
    },
    version: wiring.version,
    startedAt: clock(),
    clock,
    log: context.log,
  });
  const webhookUrl = (recorderId?: string): string => {
    const bound = server.address ?? settings().listener;
    const first = recorderId === undefined || recorderId === firstRecorder(settings()).id;
    return webhookUrlFor(bound.host, bound.port, bound.token, first ? undefined : recorderId);
  };
  return {
    server,
    webhookUrl,
    replay(body) {
      const parsed = parseWebhook(body);
      if (!parsed.ok) return false;
      storage.logUnjournaled(parsed.value, body, {
        source: 'replay',
        duplicate: false,
        receivedAt: clock(),
      });
      pipeline.applyWebhook(parsed.value, 'replay');
      return true;
    },
    sendTestEvent: (kind) => {
      const { randomBytes, randomUUID } = nodeCrypto();
      testSecret ??= randomBytes(16).toString('hex');
      return postTestEvent(webhookUrl(), {
        body: buildTestWebhook(kind, {
          id: randomUUID(),
          sessionId: randomUUID(),
          now: clock(),
          offsetMinutes: -new Date(clock()).getTimezoneOffset(),
          language: context.language(),
        }),
        secret: testSecret,
        version: wiring.version,
      });
    },
  };
}

/**
 * Other kinds' webhooks read into BililiveRecorder's; a recorder's own problem goes to the
 * observers (the recording guardian: an alert like its own, its switch and its episodes).
 */
function translatorOf(wiring: ListenerWiring): ReturnType<typeof kindWebhooks> {
  const { settings, clock, log } = wiring.context;
  const translate = kindWebhooks({
    settings,
    pipeline: wiring.pipeline,
    clock,
    log,
    problem: (recorderId, problem) =>
      wiring.observers.notify('recorderProblem', problem, clock(), recorderId),
  });
  // BililiveRecorder's own webhooks (nearly all of them) are not handed to the other kinds' part.
  return (recorderId, body) =>
    recorderById(settings(), recorderId)?.kind === 'bililive-recorder'
      ? undefined
      : translate(recorderId, body);
}

/**
 * Binds the listener to the address the settings name, now and after each change of it; a bind
 * that fails is kept as the listener's error (shown in the window) and the app runs on without it.
 */
export class ListenerBinding {
  readonly #listener: Listener;
  readonly #log: Logger;
  #error: string | undefined;

  constructor(listener: Listener, log: Logger) {
    this.#listener = listener;
    this.#log = log;
  }

  /** Why the last bind failed, while it stands. */
  get error(): string | undefined {
    return this.#error;
  }

  /** Binds (first start). */
  async bind(settings: Settings): Promise<StartResult> {
    return this.#run(() => this.#listener.server.start(settings.listener), settings);
  }

  /** Binds again when the address or token changed (or nothing is bound); says whether it did. */
  async rebindIfMoved(previous: Settings, current: Settings): Promise<boolean> {
    const server = this.#listener.server;
    const next = current.listener;
    const old = previous.listener;
    const moved = next.host !== old.host || next.port !== old.port || next.token !== old.token;
    if (!moved && server.address !== undefined) return false;
    await this.#run(() => (server.address ? server.restart(next) : server.start(next)), current);
    return true;
  }

  async #run(
    bind: () => Promise<{ port: number; webhookUrl: string }>,
    settings: Settings,
  ): Promise<StartResult> {
    try {
      const { port, webhookUrl } = await bind();
      this.#error = undefined;
      return { ok: true, port, webhookUrl };
    } catch (error) {
      const unsafe = error instanceof UnsafeBindError;
      const { host, port } = settings.listener;
      this.#error = unsafe
        ? (error as Error).message
        : `cannot listen on ${host}:${port}: ${(error as Error).message}`;
      this.#log.error(`listener: ${this.#error}`);
      return { ok: false, message: this.#error, unsafe };
    }
  }
}

/**
 * The recorders' ids of the settings in force, worked out once per settings object: the listener
 * asks on every request (its hot path), the settings change rarely.
 */
function recorderIdsOf(settings: () => Settings): () => readonly string[] {
  let seen: Settings | undefined;
  let ids: readonly string[] = [];
  return () => {
    const current = settings();
    if (current !== seen) {
      seen = current;
      ids = current.recorders.map((recorder) => recorder.id);
    }
    return ids;
  };
}
