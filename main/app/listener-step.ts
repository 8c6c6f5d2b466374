import type { CoreWiring } from './app-core';
import { randomBytes, randomUUID } from 'node:crypto';
import { parseWebhook } from '../../shared/recorder/webhook';
import { postTestEvent } from '../adapters/test-event-sender';
import { WebhookServer, webhookUrlFor } from '../adapters/webhook-listener/webhook-server';
import type { EventPipeline } from '../core/event-pipeline';
import { buildTestWebhook, type TestEventKind } from '../core/test-event';
import type { Observers } from './observers';
import type { Storage } from './storage';

/** What the listener is wired to. */
export interface ListenerWiring extends CoreWiring {
  version: string;
  storage: Storage;
  pipeline: EventPipeline;
  observers: Observers;
  /** An accepted delivery was handed to the pipeline (moves the processed mark, recovery-step.ts). */
  fed?: (seq: number) => void;
}

/** The webhook listener and what goes with it: test events, replays, the URL for the recorder. */
export interface Listener {
  server: WebhookServer;
  /** The URL to paste into the recorder (the bound address, or the settings' before binding). */
  webhookUrl(): string;
  /** Runs a logged event's body through the pipeline again (shown as new, state untouched). */
  replay(body: unknown): boolean;
  /** Posts a real-format webhook to the app's own listener over HTTP, as the recorder would. */
  sendTestEvent(kind: TestEventKind): Promise<{ ok: boolean; message?: string }>;
}

/**
 * Builds the listener: an accepted delivery is noted in the event log, applied by the pipeline,
 * and shown to the observers; a duplicate is only noted.
 */
export function buildListener(wiring: ListenerWiring): Listener {
  const { storage, pipeline, clock } = wiring;
  const testSecret = randomBytes(16).toString('hex');
  const server = new WebhookServer({
    intake: storage.intake,
    testSecret,
    onDuplicate: ({ webhook, receivedAt, journalSeq }, body, userAgent, bodyJson) =>
      storage.logUnjournaled(
        webhook,
        body,
        { source: 'webhook', duplicate: true, userAgent, receivedAt, journalSeq },
        bodyJson,
      ),
    onAccepted: (accepted, bodyJson) => {
      const { webhook, entry } = accepted;
      storage.logAccepted(accepted, bodyJson);
      pipeline.applyWebhook(webhook, entry.source, entry.receivedAt, entry.seq);
      wiring.fed?.(entry.seq);
      // Observers hear of the recorder's own webhooks, not of the app's test events.
      if (entry.source === 'webhook') wiring.observers.notify('webhook', webhook, entry.receivedAt);
    },
    version: wiring.version,
    startedAt: clock(),
    clock,
    log: wiring.log,
  });
  const webhookUrl = (): string => {
    const bound = server.address ?? wiring.settings().listener;
    return webhookUrlFor(bound.host, bound.port, bound.token);
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
        journalSeq: storage.intake.journalSeq,
      });
      pipeline.applyWebhook(parsed.value, 'replay');
      return true;
    },
    sendTestEvent: (kind) =>
      postTestEvent(webhookUrl(), {
        body: buildTestWebhook(kind, {
          id: randomUUID(),
          sessionId: randomUUID(),
          now: clock(),
          offsetMinutes: -new Date(clock()).getTimezoneOffset(),
          language: wiring.language(),
        }),
        secret: testSecret,
        version: wiring.version,
      }),
  };
}
