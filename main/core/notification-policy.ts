import { NOTIFICATION_TEXT } from '../../shared/i18n/notification-text';
import { PROBLEM_TEXT } from '../../shared/i18n/problem-text';
import { isPaused, isRoomMutedAt, type RoomMute } from './pause';
import type { GoLiveFilterMatch, GoLiveFilters } from '../../shared/go-live-filter';
import type { NotificationDecision, SuppressionReason } from '../../shared/history';
import type { AppNotification, NotificationAction, NotificationItem } from '../../shared/model';
import type { Language, NotifiableEvent } from '../../shared/settings';
import { goLiveFilterMatch } from './go-live-filter';
import { PictureWait } from '../features/pictures/core/picture-wait';
import type { Happening } from './happening';
import { happeningText, notificationFacts, roomText } from './notification-text';
import type { Clock } from './ports';
import type { PopupButton } from '../../shared/popup-button';
import { popupSound, quietHoursReason, tierOf, type AttentionSettings } from './room-attention';
import { ROOMS_KEPT, pruneOldest } from './prune-oldest';

/** A notification with its decision, as the history records it. */
export interface DecidedNotification {
  notification: AppNotification;
  decision: NotificationDecision;
}

/** The settings the policy reads at every decision (so changes apply at once). */
export interface PolicySettings extends AttentionSettings {
  events: Record<NotifiableEvent, boolean>;
  mutedRooms: readonly number[];
  /** Rooms muted for a while ("Mute 1 h" on a popup); absent: none. */
  mutedRoomsUntil?: readonly RoomMute[];
  pausedUntil: number | null;
  groupWindowSeconds: number;
  flapMinutes: number;
  language: Language;
  /** RoomChanged popups only for these rooms; empty or absent: every room. */
  roomChangeRooms?: readonly number[];
  /** Go-live popups (and so pushes) only for these titles and areas; absent: every go-live. */
  goLiveFilters?: GoLiveFilters;
}

/** Why a happening is not shown: the reason, and for a filtered go-live the filter's match. */
type Suppression = { reason: SuppressionReason; filter?: GoLiveFilterMatch };

/** What the policy needs from outside: time, timers, settings, click actions and an output. */
export interface PolicyPorts {
  clock: Clock;
  /** Runs `fn` after `ms`; returns a cancel function. */
  setTimer: (fn: () => void, ms: number) => () => void;
  settings: () => PolicySettings;
  actionFor: (happening: Happening) => NotificationAction | undefined;
  /** The buttons of a notification (main/core/popup-buttons.ts); absent: none. */
  buttonsFor?: (notification: AppNotification, happening: Happening) => readonly PopupButton[];
  decided: (record: DecidedNotification) => void;
  /** How a recorder is named to the user (push templates' {recorder}); absent: by its id. */
  recorderName?: (recorderId: string) => string;
  /**
   * A go-live's room has no pictures cached and a fetch of them is under way: calls `ready` once
   * they are in (or the fetch gave up) and returns the unsubscribe; undefined: nothing to wait for.
   */
  awaitPictures?: (roomId: number, ready: () => void) => (() => void) | undefined;
}

/** What a summary says of each notification it stands for. */
function summaryItem(notification: AppNotification): NotificationItem {
  const recorderId = notification.recorderIds?.[0];
  return {
    event: notification.event,
    roomId: notification.roomIds[0] ?? 0,
    ...(recorderId !== undefined ? { recorderId } : {}),
    ...(notification.problem ? { problem: notification.problem } : {}),
  };
}

// Kinds whose bursts become one summary popup.
const GROUPED: ReadonlySet<NotifiableEvent> = new Set([
  'StreamStarted',
  'FileClosed',
  'RecordingProblem',
]);
// The guardian's problems reach the user while go-live popups are paused or the room is muted
// only their own switch silences them.
const PROBLEM_KINDS: ReadonlySet<NotifiableEvent> = new Set([
  'RecordingProblem',
  'ProblemResolved',
]);

/**
 * Decides, for each happening, whether a popup is shown: event switches, muted rooms, pause,
 * flapping rooms, first looks after start-up, and bursts grouped into one summary. Every decision
 * is handed to `decided`, shown or not, so the history can tell what was suppressed and why.
 */
export class NotificationPolicy {
  readonly #ports: PolicyPorts;
  readonly #lastOffline = new Map<number, number>();
  readonly #pending = new Map<NotifiableEvent, { items: AppNotification[]; cancel: () => void }>();
  /** Go-live popups waiting for their room's pictures (made at the first: other events never ask). */
  #pictureWait: PictureWait | undefined;
  #idCount = 0;

  constructor(ports: PolicyPorts) {
    this.#ports = ports;
  }

  /** Decides on one happening (now, or after the grouping window for a burst). */
  offer(happening: Happening): void {
    const now = this.#ports.clock();
    const settings = this.#ports.settings();
    // With session reports on, the report (which waits for late files) says what was recorded:
    // the StreamEnded popup keeps the live time only, not the same numbers twice.
    const told =
      happening.ended && settings.events.SessionReport
        ? { ...happening, ended: { ...happening.ended, files: undefined } }
        : happening;
    const notification = this.#build(told, settings.language, now);
    const buttons = this.#ports.buttonsFor?.(notification, happening);
    if (buttons && buttons.length > 0) notification.buttons = [...buttons];
    Object.assign(notification, popupSound(tierOf(settings, happening.roomId), settings));
    const reason = this.#suppression(happening, settings, now);
    if (happening.kind === 'StreamEnded') {
      this.#lastOffline.set(happening.roomId, now);
      pruneOldest(this.#lastOffline, ROOMS_KEPT);
    }
    if (reason) {
      this.#ports.decided({ notification, decision: { shown: false, ...reason } });
      return;
    }
    const windowMs = settings.groupWindowSeconds * 1000;
    // A test event answers "does my set-up work?": it is shown at once, never grouped.
    if (!GROUPED.has(happening.kind) || windowMs <= 0 || happening.source === 'test') {
      if (happening.kind === 'StreamStarted' && happening.source !== 'test')
        this.#showGoLive(notification, now);
      else this.#ports.decided({ notification, decision: { shown: true } });
      return;
    }
    const group = this.#pending.get(happening.kind);
    if (group) {
      group.items.push(notification);
      return;
    }
    const cancel = this.#ports.setTimer(() => this.#release(happening.kind), windowMs);
    this.#pending.set(happening.kind, { items: [notification], cancel });
  }

  /** True while a burst is held back for its summary, or a go-live for its pictures. */
  get holding(): boolean {
    return this.#pending.size > 0 || (this.#pictureWait?.size ?? 0) > 0;
  }

  /** Releases every held-back group and waiting go-live now (at shutdown, so nothing is lost). */
  flush(): void {
    for (const kind of [...this.#pending.keys()]) this.#release(kind);
    this.#pictureWait?.flush();
  }

  #suppression(
    happening: Happening,
    settings: PolicySettings,
    now: number,
  ): Suppression | undefined {
    if (happening.source === 'test') return undefined;
    // The first look and a disabled kind say more than a filter would; a filtered go-live is
    // filtered whatever the room's mute or tier (the history tells which word stopped it).
    const early = this.#early(happening, settings);
    if (early) return { reason: early };
    if (happening.kind === 'StreamStarted') {
      const filter = goLiveFilterMatch(settings.goLiveFilters, happening.room);
      if (filter) return { reason: 'filtered', filter };
    }
    const reason = this.#reason(happening, settings, now);
    return reason ? { reason } : undefined;
  }

  #early(happening: Happening, settings: PolicySettings): SuppressionReason | undefined {
    if (happening.missed) return 'missed'; // counted in recovery's one summary popup instead
    if (!settings.events[happening.kind]) return 'disabled';
    const changeRooms = settings.roomChangeRooms ?? [];
    if (happening.kind === 'RoomChanged' && changeRooms.length > 0) {
      if (!changeRooms.includes(happening.roomId)) return 'disabled';
    }
    if (happening.baseline) return 'baseline';
    return undefined;
  }

  #reason(
    happening: Happening,
    settings: PolicySettings,
    now: number,
  ): SuppressionReason | undefined {
    const tier = tierOf(settings, happening.roomId);
    if (PROBLEM_KINDS.has(happening.kind)) {
      if (happening.problem?.quiet) return 'flapping';
      return quietHoursReason(happening.kind, tier, settings, now);
    }
    // With session summaries on, a session gets one popup instead of one per file.
    if (happening.kind === 'FileClosed' && settings.events.SessionReport) return 'disabled';
    if (tier === 'quiet') return 'quietRoom';
    if (settings.mutedRooms.includes(happening.roomId)) return 'muted';
    // No room muted for a while, nor a pause (the usual case): nothing to look up per event.
    const mutes = settings.mutedRoomsUntil;
    if (mutes?.length && isRoomMutedAt(mutes, happening.roomId, now)) return 'muted';
    if (happening.kind === 'StreamStarted') {
      const offline = this.#lastOffline.get(happening.roomId);
      if (offline !== undefined && now - offline < settings.flapMinutes * 60_000) return 'flapping';
    }
    const throughPause = tier === 'favourite' && settings.favouritesThroughPause === true;
    const paused = settings.pausedUntil !== null && isPaused(settings.pausedUntil, now);
    if (paused && !throughPause) return 'paused';
    return quietHoursReason(happening.kind, tier, settings, now);
  }

  /** A single go-live: shown once its room's pictures are in, or at PICTURE_WAIT_MS (picture-wait.ts). */
  #showGoLive(notification: AppNotification, offeredAt: number): void {
    this.#pictureWait ??= new PictureWait(this.#ports);
    this.#pictureWait.hold(notification, offeredAt, () =>
      this.#ports.decided({ notification, decision: { shown: true } }),
    );
  }

  #release(kind: NotifiableEvent): void {
    const group = this.#pending.get(kind);
    if (!group) return;
    this.#pending.delete(kind);
    group.cancel();
    const [first] = group.items;
    if (group.items.length === 1 && first) {
      if (kind === 'StreamStarted') this.#showGoLive(first, first.createdAt);
      else this.#ports.decided({ notification: first, decision: { shown: true } });
      return;
    }
    const summary = this.#summary(kind, group.items);
    for (const notification of group.items) {
      this.#ports.decided({
        notification,
        decision: { shown: false, reason: 'grouped', summaryId: summary.id },
      });
    }
    this.#ports.decided({ notification: summary, decision: { shown: true } });
  }

  #summary(kind: NotifiableEvent, items: AppNotification[]): AppNotification {
    const { language } = this.#ports.settings();
    const text = NOTIFICATION_TEXT[language];
    const roomIds = [...new Set(items.flatMap((n) => n.roomIds))];
    const recorderIds = [...new Set(items.flatMap((n) => n.recorderIds ?? []))];
    const names = [...new Set(items.map((n) => n.summaryName ?? String(n.roomIds[0])))];
    const { title, body } =
      kind === 'StreamStarted'
        ? text.liveSummary(names)
        : kind === 'RecordingProblem'
          ? { title: PROBLEM_TEXT[language].summary(items.length), body: names.join('\n') }
          : text.fileSummary(names, items.length);
    // The summary sounds as its loudest part: a favourite's sound over silence.
    const loud = items.find((n) => n.sound !== undefined) ?? items.find((n) => !n.silent);
    return {
      id: this.#nextId(),
      event: kind,
      roomIds,
      recorderIds,
      title,
      body,
      action: { kind: 'openWindow' },
      createdAt: this.#ports.clock(),
      items: items.map(summaryItem),
      ...(loud?.sound !== undefined ? { sound: loud.sound } : {}),
      ...(loud === undefined && items.length > 0 ? { silent: true } : {}),
    };
  }

  #build(happening: Happening, language: Language, now: number): AppNotification {
    const { title, body } = happeningText(happening, language);
    const action = this.#ports.actionFor(happening);
    const { problem, report } = happening;
    // roomId 0: a problem of the whole set-up (disk-low), about no room.
    const roomIds = happening.roomId > 0 ? [happening.roomId] : [];
    const recorderId = happening.recorderId;
    return {
      id: this.#nextId(),
      event: happening.kind,
      roomIds,
      recorderIds: recorderId === undefined ? [] : [recorderId],
      title,
      body,
      ...(action ? { action } : {}),
      createdAt: now,
      ...(happening.key ? { key: happening.key } : {}),
      tag: `room-${happening.roomId}`,
      summaryName: problem ? title : roomText(happening.room, language).name,
      ...(problem ? { problem: problem.code } : {}),
      ...(problem?.facts ? { problemFacts: problem.facts } : {}),
      ...(report ? { report } : {}),
      facts: notificationFacts(happening, this.#ports.recorderName, language),
    };
  }

  #nextId(): string {
    this.#idCount += 1;
    return `${this.#ports.clock().toString(36)}-${this.#idCount}`;
  }
}
