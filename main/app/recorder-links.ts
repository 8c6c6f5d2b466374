import type { RecorderConnection, RecorderView, SetupNoticeState } from '../../shared/app-state';
import {
  recorderOffMessage,
  recorderStatusMessage,
  type RecorderStatus,
  type RecorderStatusContext,
} from '../../shared/recorder/connection-status';
import { hasRecorderApi, recorderById, recorderLabel } from '../../shared/recorders';
import type { Language, RecorderSetting } from '../../shared/settings';
import { RecorderClient } from '../adapters/recorder-client';
import { webhooksPointHere } from '../adapters/recorder-global-config';
import { RecorderPolling } from '../adapters/recorder-polling';
import type { EventPipeline } from '../core/event-pipeline';
import type { SetupNotice } from '../core/recorder-sync';
import type { AppContext } from './app-context';
import type { DecisionSinks } from './sinks';
import type { Observers } from './sources';

/** What a recorder link is built with: the app's context and the parts it feeds. */
export interface LinkWiring {
  context: AppContext;
  pipeline: EventPipeline;
  observers: Observers;
  /** Where a set-up notice pops up (the host's popup sink). */
  sinks: Pick<DecisionSinks, 'notice'>;
  /** This recorder's webhook URL (the bound listener's, or the settings' before binding). */
  webhookUrl: (recorderId: string) => string;
}

/**
 * One recorder as the app watches it: its poller, its connection state, its set-up notices, its
 * last webhook, and a client for its commands. Built for each recorder of the settings and torn
 * down when it is removed, without a restart (RecorderLinks).
 */
export class RecorderLink {
  readonly id: string;
  readonly polling: RecorderPolling;
  readonly #wiring: LinkWiring;
  readonly #notices = new Map<SetupNotice['kind'], SetupNoticeState>();
  #status: RecorderConnection['status'] = 'off';
  #statusContext: RecorderStatusContext = {};
  #lastWebhookAt: number | undefined;
  #webhooks: RecorderView['webhooks'] = 'unknown';
  /** The API address and user polled, to tell when the link points at another recorder. */
  #address = '';
  #reading = false;

  constructor(id: string, wiring: LinkWiring) {
    this.id = id;
    this.#wiring = wiring;
    const { context } = wiring;
    this.polling = new RecorderPolling({
      pipeline: wiring.pipeline,
      recorderId: id,
      clock: context.clock,
      recorder: () => this.settings(),
      settings: () => ({
        rooms: this.settings()?.rooms ?? [],
        unreachableNotifyAfterMinutes: this.settings()?.unreachableNotifyAfterMinutes ?? 0,
        language: context.language(),
        webhookUrl: wiring.webhookUrl(id),
      }),
      statusChanged: (status, failure) => this.#statusChanged(status, failure ?? {}),
      notice: (notice) => this.#notice(notice),
      polled: (rooms, at) => wiring.observers.notify('polled', rooms, at, id),
      log: context.log,
    });
  }

  /** This recorder's settings in force; undefined once it was removed. */
  settings(): RecorderSetting | undefined {
    return recorderById(this.#wiring.context.settings(), this.id);
  }

  /** Whether its API answered the last poll (popup buttons that need it may show). */
  get answering(): boolean {
    return this.#status === 'ok';
  }

  /** A client of its API for one command (the settings may have changed since the last). */
  client(): RecorderClient | undefined {
    return recorderClient(this.settings());
  }

  /** Notes a real webhook that came in on this recorder's URL (not test events). */
  webhookSeen(roomId: number | undefined, at: number): void {
    this.#lastWebhookAt = at;
    // Its webhooks arrive although its settings did not name this URL when read: read them again.
    if (this.#webhooks === 'not set') this.#rereadWebhooks();
    if (roomId !== undefined) this.polling.sync.webhookSeen(roomId);
    if (this.#notices.delete('webhooksMissing')) this.#wiring.context.statePush.request();
  }

  /** Whether its webhooks point here, as last read from its global settings. */
  noteWebhooks(webhooks: RecorderView['webhooks']): void {
    this.#webhooks = webhooks;
  }

  /** Epoch ms of its last real webhook. */
  get lastWebhookAt(): number | undefined {
    return this.#lastWebhookAt;
  }

  /** Starts, restarts or stops polling to match its settings. */
  async reconfigure(): Promise<void> {
    const recorder = this.settings();
    const address = recorder ? `${recorder.url.trim()}\n${recorder.username}` : '';
    // Another recorder behind the link (or none): what was known of the old one goes.
    if (!recorder || !hasRecorderApi(recorder) || address !== this.#address) this.#reset();
    this.#address = address;
    await this.polling.reconfigure();
  }

  /** Stops polling. */
  stop(): Promise<void> {
    return this.polling.stop();
  }

  /** The connection as the window shows it, worded in the language in force. */
  connection(language: Language): RecorderConnection {
    const message =
      this.#status === 'off'
        ? recorderOffMessage(hasRecorderApi(this.settings() ?? { url: '' }), language)
        : recorderStatusMessage(this.#status, language, this.#statusContext);
    return { status: this.#status, message };
  }

  /** The recorder as the window and tray list it. */
  view(language: Language): RecorderView {
    const recorder = this.settings();
    return {
      id: this.id,
      name: recorder ? recorderLabel(recorder) : this.id,
      url: recorder?.url ?? '',
      ...this.connection(language),
      webhookUrl: this.#wiring.webhookUrl(this.id),
      webhooks: recorder && hasRecorderApi(recorder) ? this.#webhooks : 'unknown',
      ...(this.#lastWebhookAt !== undefined ? { lastWebhookAt: this.#lastWebhookAt } : {}),
    };
  }

  /** Its set-up notices in force, oldest first. */
  notices(): SetupNoticeState[] {
    return [...this.#notices.values()];
  }

  #reset(): void {
    this.#status = 'off';
    this.#statusContext = {};
    this.#webhooks = 'unknown';
    this.#notices.delete('recorderUnreachable');
  }

  #statusChanged(status: RecorderStatus, failure: RecorderStatusContext): void {
    const { context } = this.#wiring;
    // Answering (again): whether its webhooks point here is read once from its global settings.
    if (status === 'ok' && this.#status !== 'ok') this.#rereadWebhooks();
    this.#status = status;
    this.#statusContext = { url: this.settings()?.url ?? '', ...failure };
    if (status === 'ok') this.#notices.delete('recorderUnreachable');
    // The message names the first; the log keeps what the schema said of the first ten.
    const unreadable = failure.unreadable ?? [];
    for (const room of unreadable.slice(0, 10))
      context.log.warn(`recorder ${this.id}: a room it lists cannot be read: ${room.detail}`);
    if (unreadable.length > 10)
      context.log.warn(`recorder ${this.id}: ${unreadable.length - 10} more rooms cannot be read`);
    context.events.emit('recorder:status', {
      recorderId: this.id,
      status,
      message: recorderStatusMessage(status, context.language(), this.#statusContext),
    });
    context.statePush.request();
  }

  #notice(notice: SetupNotice): void {
    const { context } = this.#wiring;
    const named = this.#named(notice);
    this.#notices.set(notice.kind, { ...named, at: context.clock() });
    // With the recording guardian on, its recorder-unreachable problem is this notice's popup.
    if (notice.kind !== 'recorderUnreachable' || !context.settings().guardian.enabled) {
      context.events.emit('setup:notice', { ...named, recorderId: this.id });
      this.#wiring.sinks.notice({ ...named, recorderId: this.id }, context.clock());
    }
    context.statePush.request();
  }

  #rereadWebhooks(): void {
    if (this.#reading) return;
    this.#reading = true;
    void this.#readWebhooks()
      .catch(this.#wiring.context.reportFailure(`webhooks of ${this.id}`))
      .finally(() => (this.#reading = false));
  }

  async #readWebhooks(): Promise<void> {
    const recorder = this.settings();
    if (!recorder || !hasRecorderApi(recorder)) return;
    const { url, username, password } = recorder;
    const login = { baseUrl: url.trim(), username, password };
    const webhooks = await webhooksPointHere(login, this.#wiring.webhookUrl(this.id));
    // Unknown (no answer): what an earlier read or a check said stands.
    if (webhooks === 'unknown' || webhooks === this.#webhooks) return;
    this.#webhooks = webhooks;
    this.#wiring.context.statePush.request();
  }

  /** With several recorders, a notice says which one it is about. */
  #named(notice: SetupNotice): SetupNotice {
    const all = this.#wiring.context.settings().recorders;
    const recorder = this.settings();
    if (all.length < 2 || !recorder) return notice;
    return { ...notice, title: `${recorderLabel(recorder)}: ${notice.title}` };
  }
}

/** A fresh client of a recorder's API; undefined for one without an API (or none). */
export function recorderClient(recorder: RecorderSetting | undefined): RecorderClient | undefined {
  if (!recorder || !hasRecorderApi(recorder)) return undefined;
  const { url, username, password } = recorder;
  return new RecorderClient({ baseUrl: url.trim(), username, password });
}

/** Every recorder's link, kept in step with the settings (built, reconfigured, torn down). */
export class RecorderLinks {
  readonly #links = new Map<string, RecorderLink>();
  readonly #wiring: LinkWiring;

  constructor(wiring: LinkWiring) {
    this.#wiring = wiring;
    this.#sync();
  }

  /** The link of a recorder in the settings. */
  get(id: string): RecorderLink | undefined {
    return this.#links.get(id);
  }

  /** Every link, in the order of the settings. */
  list(): RecorderLink[] {
    return this.#wiring.context
      .settings()
      .recorders.map((recorder) => this.#links.get(recorder.id))
      .filter((link): link is RecorderLink => link !== undefined);
  }

  /** Builds links for new recorders, stops removed ones, and reconfigures the rest. */
  async reconfigure(): Promise<void> {
    const removed = this.#sync();
    for (const link of removed) {
      await link.stop();
      this.#wiring.pipeline.forget(link.id);
    }
    for (const link of this.list()) await link.reconfigure();
  }

  /** Polls every recorder now; after resume, `rebaseline` keeps old news from popping up. */
  pollNow(options: { rebaseline?: boolean } = {}): void {
    for (const link of this.#links.values()) link.polling.pollNow(options);
  }

  /** Stops every poller. */
  async stop(): Promise<void> {
    for (const link of this.#links.values()) await link.stop();
  }

  /** The recorders' connection as one light: the first that is not ok, named, else the first's. */
  connection(language: Language): RecorderConnection {
    const links = this.list();
    const troubled = links.find((link) => {
      const status = link.connection(language).status;
      return status !== 'ok' && status !== 'off';
    });
    const shown = troubled ?? links[0];
    if (!shown) return { status: 'off', message: recorderOffMessage(false, language) };
    const connection = shown.connection(language);
    const recorder = shown.settings();
    if (links.length < 2 || !recorder) return connection;
    return { ...connection, message: `${recorderLabel(recorder)}: ${connection.message}` };
  }

  // Makes the map match the settings; returns the links of recorders no longer there.
  #sync(): RecorderLink[] {
    const ids = new Set(this.#wiring.context.settings().recorders.map((r) => r.id));
    const removed: RecorderLink[] = [];
    for (const [id, link] of this.#links) {
      if (ids.has(id)) continue;
      this.#links.delete(id);
      removed.push(link);
    }
    for (const id of ids)
      if (!this.#links.has(id)) this.#links.set(id, new RecorderLink(id, this.#wiring));
    return removed;
  }
}
