import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { prepareBody, type PreparedEvent } from './events';
import { applyScenario, type GuardianScenario } from './scenarios';
import { runScript } from './script';
import { FakeGlobalConfig, type GlobalConfigSeed } from './global-config';
import { createFakeRecorderHandler, type RoomCommand } from './server';
import { FakeRecorderState } from './state';
import { WebhookSender, type DeliveryResult } from './webhook-sender';
import type { FakeRoom } from './rooms';

export { FakeRecorderState } from './state';
export type { DeliveryAttempt, DeliveryResult } from './webhook-sender';
export type { PreparedEvent } from './events';
export type { FakeRoom } from './rooms';
export { GUARDIAN_SCENARIOS, type GuardianScenario } from './scenarios';
export { double, toRecorderJson } from './recorder-json';
export { FAKE_COOKIE, splitWebhookList, type OptionalSetting } from './global-config';

/** Options of startFakeRecorder; the CLI's defaults differ (port 2356, script on). */
export interface FakeRecorderOptions {
  /** 0 (the default here) picks a free port. */
  port?: number;
  host?: string;
  /** Number of rooms (default 3); 23058 "3号直播间" is always the first. */
  rooms?: number;
  /** Rooms live (and recording when auto-record) at start, without webhooks, taken from the end of the list. */
  live?: number;
  /**
   * Webhook URLs; each event goes to all at once. They are the V2 list of the global settings
   * (`/api/config/global`): a POST that changes that list changes where events go, as in the recorder.
   */
  webhooks?: readonly string[];
  /** The V1 list and the login cookie of the global settings (the cookie defaults to FAKE_COOKIE). */
  globalConfig?: Omit<GlobalConfigSeed, 'webhookUrlsV2'>;
  /** Basic auth on every path. */
  user?: string;
  pass?: string;
  /** 412 on every request (ignored when Basic auth is set, as in the recorder). */
  openAccessGuard?: boolean;
  /** Play the scripted sequence (default false here, true in the CLI). */
  script?: boolean;
  /** Time factor of the script: 2 plays it twice as fast. */
  speed?: number;
  /** Waits before webhook attempts 2 and 3 (default 1 s, 2 s as the recorder). */
  retryDelaysMs?: readonly number[];
  /** Per-attempt webhook time-out (default 100 s as the recorder). */
  webhookTimeoutMs?: number;
  /** Log lines (webhook deliveries, script steps); silent by default. */
  log?: (line: string) => void;
  /** For testing: the clock of REST statistics and webhook times. */
  now?: () => number;
}

/** A running fake recorder. */
export interface FakeRecorder {
  /** `http://127.0.0.1:PORT` */
  url: string;
  port: number;
  state: FakeRecorderState;
  /** Resolves when the script has played and its deliveries ended (at once without a script). */
  scriptDone: Promise<void>;
  /** Sets a room live or offline with the webhooks the recorder would send (none with `webhooks: false`). */
  setLive(
    roomId: number,
    live: boolean,
    options?: { webhooks?: boolean },
  ): Promise<DeliveryResult[][]>;
  /** Sends one event: a prepared one, or any body serialized the recorder's way. */
  emit(event: PreparedEvent | object): Promise<DeliveryResult[]>;
  /** Puts a room into one of the recording guardian's scenarios, sending its webhooks if any. */
  scenario(
    roomId: number,
    scenario: GuardianScenario,
    warning?: Parameters<typeof applyScenario>[3],
  ): Promise<DeliveryResult[][]>;
  /** Adds a webhook URL to the V2 list of the global settings. */
  addWebhook(url: string): void;
  /** Plays the scripted sequence now (for a recorder started without `script`). */
  playScript(speed?: number): Promise<void>;
  /** Waits for every webhook delivery started so far. */
  idle(): Promise<void>;
  /** Stops the script and deliveries and closes the server. */
  close(): Promise<void>;
}

const isPrepared = (value: object): value is PreparedEvent =>
  'bytes' in value && Buffer.isBuffer(value.bytes);

function eventsOf(state: FakeRecorderState, room: FakeRoom, command: RoomCommand): PreparedEvent[] {
  switch (command) {
    case 'start':
      return room.streaming ? state.startRecording(room) : [];
    case 'stop': {
      const stopped = state.stopRecording(room);
      return stopped
        ? [stopped.closed, stopped.sessionEnded].filter((e): e is PreparedEvent => e !== undefined)
        : [];
    }
    case 'split': {
      const split = state.split(room);
      return split ? [split.closed, split.opening] : [];
    }
    case 'refresh':
      return [];
  }
}

/** Starts a fake recorder: REST API on 127.0.0.1, webhooks to the given URLs, optionally the script. */
export async function startFakeRecorder(options: FakeRecorderOptions = {}): Promise<FakeRecorder> {
  const log = options.log ?? (() => {});
  const state = new FakeRecorderState(options.rooms ?? 3, options.now);
  const sender = new WebhookSender({
    urls: options.webhooks ?? [],
    retryDelaysMs: options.retryDelaysMs,
    timeoutMs: options.webhookTimeoutMs,
    log,
  });
  state.globalConfig = new FakeGlobalConfig(
    { ...options.globalConfig, webhookUrlsV2: options.webhooks ?? [] },
    (urls) => sender.setUrls(urls),
  );
  const deliverAll = (events: readonly PreparedEvent[]) =>
    Promise.all(events.map((e) => sender.deliver(e)));

  const liveCount = Math.min(options.live ?? 0, state.rooms.length);
  for (const room of state.rooms.slice(state.rooms.length - liveCount)) state.goLive(room);

  const handler = createFakeRecorderHandler({
    state,
    username: options.user,
    password: options.pass,
    openAccessGuard: options.openAccessGuard,
    onCommand: (command, room) => void deliverAll(eventsOf(state, room, command)),
  });
  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const stopScript = new AbortController();
  const scriptDone = options.script
    ? runScript({ state, send: (e) => sender.send(e), log }, options.speed ?? 1, stopScript.signal)
    : Promise.resolve();

  return {
    url,
    port,
    state,
    scriptDone,
    playScript: (speed = options.speed ?? 1) =>
      runScript({ state, send: (e) => sender.send(e), log }, speed, stopScript.signal),
    setLive(roomId, live, setOptions = {}) {
      const room = state.get(roomId);
      let events: PreparedEvent[];
      if (live) {
        events = state.goLive(room);
      } else {
        const ended = state.goOffline(room);
        const stopped = ended?.stopped;
        events = ended
          ? [ended.streamEnded, stopped?.closed, stopped?.sessionEnded].filter(
              (e): e is PreparedEvent => e !== undefined,
            )
          : [];
      }
      return setOptions.webhooks === false ? Promise.resolve([]) : deliverAll(events);
    },
    emit(event) {
      if (isPrepared(event)) return sender.deliver(event);
      const record = event as Record<string, unknown>;
      const data = record.EventData as Record<string, unknown> | undefined;
      const label = typeof record.EventType === 'string' ? record.EventType : 'V1';
      const id = String(record.EventId ?? record.EventRandomId ?? '');
      const roomId = Number(data?.RoomId ?? record.RoomId ?? 0);
      return sender.deliver(prepareBody(label, id, roomId, event));
    },
    async scenario(roomId, scenario, warning) {
      // In order, each after the last answered: a session's events are judged as a sequence.
      const results: DeliveryResult[][] = [];
      for (const event of applyScenario(state, state.get(roomId), scenario, warning)) {
        results.push(await sender.deliver(event));
      }
      return results;
    },
    addWebhook: (webhookUrl) => state.globalConfig.addWebhookV2(webhookUrl),
    idle: () => sender.idle(),
    async close() {
      stopScript.abort();
      sender.close();
      await scriptDone.catch(() => {});
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
