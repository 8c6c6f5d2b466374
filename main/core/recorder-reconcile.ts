import type { SetupNoticeState } from '../../shared/app-state';
import { NOTIFICATION_TEXT } from '../../shared/i18n/notification-text';
import {
  apiAnswers,
  type RecorderStatus,
  type RecorderStatusContext,
  type UnreadableRoom,
} from '../../shared/recorder/connection-status';
import type { PolledRoom } from '../../shared/recorder/rest';
import type { Language } from '../../shared/settings';
import type { EventPipeline } from './event-pipeline';
import type { Clock } from './ports';

/** A poll's outcome as the REST client reports it. */
export type RoomsFetch =
  | { ok: true; rooms: PolledRoom[]; unreadable?: readonly UnreadableRoom[] }
  | {
      ok: false;
      status: Exclude<RecorderStatus, 'ok'>;
      detail: string;
      roomId?: number;
      field?: string;
    };

/** A one-off message to the user about the set-up (not about a room). */
export type SetupNotice = Omit<SetupNoticeState, 'at'>;

/** The settings RecorderReconciler reads at every poll. */
export interface ReconcileSettings {
  rooms: readonly number[];
  unreachableNotifyAfterMinutes: number;
  language: Language;
  webhookUrl: string;
}

/** What RecorderReconciler needs from outside. */
export interface RecorderReconcilerPorts {
  fetchRooms: (signal: AbortSignal) => Promise<RoomsFetch>;
  pipeline: EventPipeline;
  /** The recorder polled (settings `recorders[].id`): its rooms are kept apart from the others'. */
  recorderId?: string;
  clock: Clock;
  settings: () => ReconcileSettings;
  /**
   * The recorder's connection state changed (reported on change only; for `ok`, also when the
   * rooms it lists that cannot be read change), with what the failure or the poll named.
   */
  statusChanged: (status: RecorderStatus, facts?: RecorderStatusContext) => void;
  notice: (notice: SetupNotice) => void;
  /**
   * When a webhook about the room last came in (undefined: none of late). Kept by whoever hears
   * of the webhooks (the recorder's link), so that a webhook does not call in here; absent: none.
   */
  lastWebhookAt?: (roomId: number) => number | undefined;
  /** A good poll's rooms (those the settings select), after the pipeline took them. */
  polled?: (rooms: readonly PolledRoom[], at: number) => void;
}

// A transition that polling saw must have had its webhook within this time, or webhooks are not arriving.
const WEBHOOK_GRACE_MS = 60_000;

/**
 * Feeds polls of the recorder's REST API into the pipeline: the first good poll after start-up,
 * resume or an outage only sets the baseline; transitions polling sees later are the happenings
 * webhooks missed. Also tells the user, once, about a long outage or webhooks that never arrive.
 */
export class RecorderReconciler {
  readonly #ports: RecorderReconcilerPorts;
  #status: RecorderStatus | undefined;
  /** The unreadable rooms last reported with `ok`, as a key. */
  #unreadableKey = '';
  #needsBaseline = true;
  #unreachableSince: number | undefined;
  #toldUnreachable = false;
  #toldWebhooksMissing = false;
  #awaitingWebhook: { roomId: number; at: number }[] = [];

  constructor(ports: RecorderReconcilerPorts) {
    this.#ports = ports;
  }

  /** The next good poll only sets the baseline (after resume from sleep, or a settings change). */
  rebaseline(): void {
    this.#needsBaseline = true;
  }

  /** Forgets the connection state, so the next poll reports it (another recorder URL or login). */
  forgetStatus(): void {
    this.#status = undefined;
    this.#unreadableKey = '';
    this.#unreachableSince = undefined;
    this.#toldUnreachable = false;
  }

  /** One poll cycle: fetch, merge, derive; resolves `{ok}` for the poller's back-off. */
  async pollOnce(signal: AbortSignal): Promise<{ ok: boolean }> {
    const askedAt = this.#ports.pipeline.stateOf(this.#ports.recorderId).rooms.observations;
    const result = await this.#ports.fetchRooms(signal);
    if (signal.aborted) return { ok: result.ok };
    const now = this.#ports.clock();
    if (!result.ok) {
      this.#failed(result, now);
      return { ok: false };
    }
    // The recorder is (back) up: what is live now is not news.
    if (!apiAnswers(this.#status) && this.#status !== undefined) this.#needsBaseline = true;
    this.#setOk(result.unreadable ?? []);
    this.#unreachableSince = undefined;
    this.#toldUnreachable = false;
    const settings = this.#ports.settings();
    const rooms = selectRooms(result.rooms, settings.rooms);
    const baseline = this.#needsBaseline;
    this.#needsBaseline = false;
    const happenings = this.#ports.pipeline.applyPoll(rooms, now, baseline, this.#ports.recorderId);
    // A room removed from the recorder leaves the lists (webhooks alone would keep it forever); a
    // room it lists that could not be read stays, as last known.
    const listed = new Set(result.rooms.map((room) => room.roomId));
    for (const room of result.unreadable ?? [])
      if (room.roomId !== undefined) listed.add(room.roomId);
    this.#ports.pipeline.dropUnlistedRooms(listed, askedAt, this.#ports.recorderId);
    this.#ports.polled?.(rooms, now);
    for (const h of happenings) {
      if (!h.baseline && (h.kind === 'StreamStarted' || h.kind === 'SessionEnded')) {
        this.#awaitingWebhook.push({ roomId: h.roomId, at: now });
      }
    }
    this.#checkWebhooks(now, settings);
    return { ok: true };
  }

  #failed(failure: Extract<RoomsFetch, { ok: false }>, now: number): void {
    this.#setStatus(failure.status, failure);
    if (failure.status !== 'unreachable') return;
    this.#unreachableSince ??= now;
    const settings = this.#ports.settings();
    const limitMs = settings.unreachableNotifyAfterMinutes * 60_000;
    if (!this.#toldUnreachable && limitMs > 0 && now - this.#unreachableSince >= limitMs) {
      this.#toldUnreachable = true;
      const text = NOTIFICATION_TEXT[settings.language].recorderUnreachable(
        settings.unreachableNotifyAfterMinutes,
      );
      this.#ports.notice({ kind: 'recorderUnreachable', ...text });
    }
  }

  #setStatus(status: RecorderStatus, failure?: Extract<RoomsFetch, { ok: false }>): void {
    if (status === this.#status) return;
    this.#status = status;
    this.#unreadableKey = '';
    this.#ports.statusChanged(status, failure);
  }

  /** Answering; said again when the rooms that could not be read change (the message names them). */
  #setOk(unreadable: readonly UnreadableRoom[]): void {
    const key = unreadable.length === 0 ? '' : JSON.stringify(unreadable);
    if (apiAnswers(this.#status) && key === this.#unreadableKey) return;
    this.#status = 'ok';
    this.#unreadableKey = key;
    this.#ports.statusChanged('ok', unreadable.length > 0 ? { unreadable } : undefined);
  }

  #checkWebhooks(now: number, settings: ReconcileSettings): void {
    const stillWaiting: { roomId: number; at: number }[] = [];
    for (const wait of this.#awaitingWebhook) {
      const seen = this.#ports.lastWebhookAt?.(wait.roomId);
      if (seen !== undefined && seen >= wait.at - WEBHOOK_GRACE_MS) continue; // a webhook came
      if (now - wait.at < WEBHOOK_GRACE_MS) {
        stillWaiting.push(wait);
        continue;
      }
      if (!this.#toldWebhooksMissing) {
        this.#toldWebhooksMissing = true;
        this.#ports.notice({
          kind: 'webhooksMissing',
          ...NOTIFICATION_TEXT[settings.language].webhooksMissing(settings.webhookUrl),
        });
      }
    }
    this.#awaitingWebhook = stillWaiting;
  }
}

/** The rooms to follow: all, or those configured (matched by long or short id). */
export function selectRooms(rooms: readonly PolledRoom[], wanted: readonly number[]): PolledRoom[] {
  if (wanted.length === 0) return [...rooms];
  const ids = new Set(wanted);
  return rooms.filter((r) => ids.has(r.roomId) || (r.shortId !== 0 && ids.has(r.shortId)));
}
