import type { RecorderConnection, RecorderView, SetupNoticeState } from '../../shared/app-state';
import {
  apiAnswers,
  recorderOffMessage,
  recorderStatusMessage,
  type RecorderStatus,
  type RecorderStatusContext,
} from '../../shared/recorder/connection-status';
import { webhooksOnlyText, type StreamDown } from '../../shared/i18n/kind-text';
import { pollsRecorderApi } from '../../shared/recorder-kind';
import { startsRooms } from '../../shared/kind-abilities';
import { hasRecorderApi, recorderById, recorderLabel } from '../../shared/recorders';
import type { Language, RecorderSetting } from '../../shared/settings';
import { Poller } from '../adapters/poller';
import { RecorderClient } from '../adapters/recorder-client';
import { webhooksPointHere } from '../adapters/recorder-global-config';
import { fetchPolledRooms } from '../adapters/polled-rooms';
import type { EventPipeline } from '../core/event-pipeline';
import { RecorderReconciler, type SetupNotice } from '../core/recorder-reconcile';
import { ROOMS_KEPT, pruneOldest } from '../core/prune-oldest';
import type { AppContext } from './app-context';
import { kindConnection, streamedKindOf } from '../features/recorder-kinds/app/kind-connection';
import type { DecisionSinks } from './sinks';
import type { Observers } from './sources';

/** How often webhooks that arrive may make the app re-read the recorder's webhook settings. */
const REREAD_GAP_MS = 60_000;

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

/** The API address and login of a recorder, as one key: another key is another client. */
const loginKey = (recorder: RecorderSetting | undefined): string =>
  recorder && hasRecorderApi(recorder)
    ? JSON.stringify([recorder.url.trim(), recorder.username, recorder.password])
    : '';

/**
 * One recorder as the app watches it: the one client of its API (polls, commands, checks, the
 * guardian's log reads), its poller and reconciler, its connection state, its set-up notices and its
 * last webhook. Built for each recorder of the settings and torn down when it is removed, without
 * a restart (RecorderLinks).
 */
export class RecorderLink {
  readonly id: string;
  readonly #wiring: LinkWiring;
  readonly #reconciler: RecorderReconciler;
  readonly #notices = new Map<SetupNotice['kind'], SetupNoticeState>();
  #client: { key: string; from: RecorderSetting; client: RecorderClient } | undefined;
  #poller: Poller | undefined;
  /** The login the poller runs with ('' = none), to restart it when that changes. */
  #polled = '';
  #status: RecorderConnection['status'] = 'off';
  #statusContext: RecorderStatusContext = {};
  /** Why its event stream is down (blrec, bililive-go); undefined while up or for other kinds. */
  #streamDown: StreamDown | undefined;
  #lastWebhookAt: number | undefined;
  #startsRooms: { recorder: RecorderSetting; status: string; value: boolean } | undefined;
  /** Each room's last webhook (so webhooks do reach the app), for the reconciler's check. */
  readonly #roomWebhooks = new Map<number, number>();
  #webhooks: RecorderView['webhooks'] = 'unknown';
  #reading = false;
  /** When a webhook last made this app read the recorder's settings again (epoch ms). */
  #rereadAt = Number.NEGATIVE_INFINITY;

  constructor(id: string, wiring: LinkWiring) {
    this.id = id;
    this.#wiring = wiring;
    const { context } = wiring;
    this.#reconciler = new RecorderReconciler({
      fetchRooms: (signal) => fetchPolledRooms(this.client(), signal),
      pipeline: wiring.pipeline,
      recorderId: id,
      clock: context.clock,
      settings: () => {
        const recorder = this.settings();
        return {
          rooms: recorder?.rooms ?? [],
          unreachableNotifyAfterMinutes: recorder?.unreachableNotifyAfterMinutes ?? 0,
          language: context.language(),
          // Worked out only for the notice that names it, not at every poll.
          get webhookUrl() {
            return wiring.webhookUrl(id);
          },
        };
      },
      statusChanged: (status, failure) => this.#statusChanged(status, failure ?? {}),
      notice: (notice) => this.#notice(notice),
      polled: (rooms, at) => wiring.observers.notify('polled', rooms, at, id),
      lastWebhookAt: (roomId) => this.#roomWebhooks.get(roomId),
    });
  }

  /** This recorder's settings in force; undefined once it was removed. */
  settings(): RecorderSetting | undefined {
    return recorderById(this.#wiring.context.settings(), this.id);
  }

  /** Whether its API answered the last poll. */
  get apiAnswers(): boolean {
    return apiAnswers(this.#status);
  }

  /** Whether "record" may be offered for its rooms now (by its kind: shared/kind-abilities.ts). */
  get startsRooms(): boolean {
    const recorder = this.settings();
    if (recorder === undefined) return false;
    // Held until its settings or its connection change (asked of every go-live popup).
    const held = this.#startsRooms;
    if (held?.recorder === recorder && held.status === this.#status) return held.value;
    const value = startsRooms({ ...recorder, status: this.#status });
    this.#startsRooms = { recorder, status: this.#status, value };
    return value;
  }

  /** The one client of its API, for the login in force; undefined without an API. */
  client(): RecorderClient | undefined {
    const recorder = this.settings();
    // The same settings as at the last call (every poll's): the same client, no key worked out.
    if (recorder !== undefined && this.#client?.from === recorder) return this.#client.client;
    const key = loginKey(recorder);
    if (!recorder || key === '') return undefined;
    if (this.#client?.key !== key) {
      const { url, username, password } = recorder;
      this.#client = {
        key,
        from: recorder,
        client: new RecorderClient({ baseUrl: url.trim(), username, password }),
      };
    }
    this.#client.from = recorder;
    return this.#client.client;
  }

  /** Notes a real webhook that came in on this recorder's URL (not test events). */
  webhookSeen(roomId: number | undefined, at: number): void {
    this.#lastWebhookAt = at;
    // Its webhooks arrive although its settings did not name this URL when read: read them again,
    // once a minute at most, not once per webhook of a busy recorder.
    if (this.#webhooks === 'not set' && at - this.#rereadAt >= REREAD_GAP_MS) {
      this.#rereadAt = at;
      this.#rereadWebhooks();
    }
    if (roomId !== undefined) {
      this.#roomWebhooks.set(roomId, at);
      pruneOldest(this.#roomWebhooks, ROOMS_KEPT);
    }
    if (this.#notices.delete('webhooksMissing')) this.#wiring.context.stateChanged();
  }

  /** Whether its webhooks point here, as last read from its global settings. */
  noteWebhooks(webhooks: RecorderView['webhooks']): void {
    this.#webhooks = webhooks;
  }

  /** Epoch ms of its last real webhook. */
  get lastWebhookAt(): number | undefined {
    return this.#lastWebhookAt;
  }

  /**
   * Starts, restarts or stops polling to match its settings: off without a recorder URL (webhooks
   * only, as with the recorder's desktop edition); another URL or login is another recorder, and
   * what was known of the old one goes. Polls at once when on.
   */
  async reconfigure(): Promise<void> {
    const recorder = this.settings();
    const key = loginKey(recorder);
    const intervalMs = (recorder?.pollIntervalSeconds ?? 10) * 1000;
    if (key === this.#polled) {
      this.#poller?.setInterval(intervalMs);
      this.#poller?.pollNow();
      return;
    }
    this.#polled = key;
    this.#reset();
    const old = this.#poller;
    this.#poller = undefined;
    await old?.stop();
    if (this.#polled !== key || key === '') return; // a newer call took over, or no API
    this.#reconciler.forgetStatus();
    this.#reconciler.rebaseline();
    this.#poller = new Poller({
      poll: (signal) => this.#reconciler.pollOnce(signal),
      intervalMs,
      jitterMs: 500,
      onError: (error) =>
        this.#wiring.context.log.error(`poll of ${this.id} failed: ${String(error)}`),
    });
    this.#poller.start();
  }

  /** Polls now (on request, or after resume from sleep, when `rebaseline` keeps old news quiet). */
  pollNow(options: { rebaseline?: boolean } = {}): void {
    if (options.rebaseline) this.#reconciler.rebaseline();
    this.#poller?.pollNow();
  }

  /** Stops polling; an in-flight poll is aborted. */
  async stop(): Promise<void> {
    const poller = this.#poller;
    this.#poller = undefined;
    this.#polled = '';
    await poller?.stop();
  }

  /**
   * Another kind's event stream (blrec's WebSocket, bililive-go's SSE) went down, or came back
   * (undefined). Down, the light says unreachable; back, it is `off` again, never `ok`: that
   * would offer BililiveRecorder's API (room commands, popup buttons) to a recorder without it.
   */
  streamState(down: StreamDown | undefined): void {
    this.#streamDown = down;
    if (down) return this.#statusChanged('unreachable', {});
    if (this.#status === 'off') return;
    this.#reset();
    this.#wiring.context.stateChanged();
  }

  /** The connection as the window shows it, worded in the language in force. */
  connection(language: Language): RecorderConnection {
    const recorder = this.settings();
    const streamed = recorder && streamedKindOf(recorder);
    if (recorder && streamed)
      return kindConnection(streamed, recorder.url, this.#streamDown, language);
    const kind = recorder?.kind ?? 'bililive-recorder';
    const message =
      this.#status !== 'off'
        ? recorderStatusMessage(this.#status, language, this.#statusContext)
        : pollsRecorderApi(kind)
          ? recorderOffMessage(hasRecorderApi(recorder ?? { url: '' }), language)
          : webhooksOnlyText(kind, language);
    return { status: this.#status, message };
  }

  /** The recorder as the window and tray list it. */
  view(language: Language): RecorderView {
    const recorder = this.settings();
    return {
      id: this.id,
      name: recorder ? recorderLabel(recorder) : this.id,
      url: recorder?.url ?? '',
      kind: recorder?.kind ?? 'bililive-recorder',
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
    this.#streamDown = undefined;
    this.#statusContext = {};
    this.#webhooks = 'unknown';
    this.#notices.delete('recorderUnreachable');
  }

  #statusChanged(status: RecorderStatus, failure: RecorderStatusContext): void {
    const { context } = this.#wiring;
    // Answering (again): whether its webhooks point here is read once from its global settings.
    if (apiAnswers(status) && !apiAnswers(this.#status)) this.#rereadWebhooks();
    this.#status = status;
    this.#statusContext = { url: this.settings()?.url ?? '', ...failure };
    if (apiAnswers(status)) this.#notices.delete('recorderUnreachable');
    // The message names the first; the log keeps what the schema said of the first ten.
    const unreadable = failure.unreadable ?? [];
    for (const room of unreadable.slice(0, 10))
      context.log.warn(`recorder ${this.id}: a room it lists cannot be read: ${room.detail}`);
    if (unreadable.length > 10)
      context.log.warn(`recorder ${this.id}: ${unreadable.length - 10} more rooms cannot be read`);
    context.events.emit('recorder:status', {
      recorderId: this.id,
      status,
      message: this.connection(context.language()).message,
    });
    context.stateChanged();
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
    context.stateChanged();
  }

  #rereadWebhooks(): void {
    if (this.#reading) return;
    this.#reading = true;
    void this.#readWebhooks()
      .catch(this.#wiring.context.reportFailure(`webhooks of ${this.id}`))
      .finally(() => (this.#reading = false));
  }

  async #readWebhooks(): Promise<void> {
    const client = this.client();
    if (!client) return;
    const webhooks = await webhooksPointHere(client, this.#wiring.webhookUrl(this.id));
    // Unknown (no answer): what an earlier read or a check said stands.
    if (webhooks === 'unknown' || webhooks === this.#webhooks) return;
    this.#webhooks = webhooks;
    this.#wiring.context.stateChanged();
  }

  /** With several recorders, a notice says which one it is about. */
  #named(notice: SetupNotice): SetupNotice {
    const all = this.#wiring.context.settings().recorders;
    const recorder = this.settings();
    if (all.length < 2 || !recorder) return notice;
    return { ...notice, title: `${recorderLabel(recorder)}: ${notice.title}` };
  }
}
