import type { HistoryFile, HistoryNotification } from '../../shared/history';
import type { AppNotification, NotificationAction } from '../../shared/model';
import { recorderById, recorderLabel } from '../../shared/recorders';
import type { HistoryTables } from '../adapters/database/history-tables';
import { fileCheck } from '../adapters/file-access';
import { EventPipeline } from '../core/event-pipeline';
import type { Happening } from '../core/happening';
import type { Effect } from '../core/outbox';
import { initialReadState, keptInHistory } from '../core/history';
import { roomPageUrl } from '../core/links';
import { errorDetail } from '../core/log-text';
import { popupButtons, type ButtonContext } from '../core/popup-buttons';
import type { AppContext } from './app-context';
import type { DecisionSinks } from './sinks';
import type { Observers } from './sources';

/** What the pipeline is wired to. */
export interface PipelineWiring {
  context: AppContext;
  history: HistoryTables;
  sinks: DecisionSinks;
  observers: Observers;
  /** A decision's effects, written in its own transaction (OutboxDispatcher.effectsOf). */
  effectsOf: (entry: HistoryNotification) => Effect[];
  /** A step listed a file or decided: the processed mark may move with its rows (recovery.ts). */
  stepped?: () => void;
  /** The notification with its room's pictures where known (cached: nothing waits). */
  withPictures?: (notification: AppNotification) => AppNotification;
  /** A go-live waits for its room's pictures while they are being fetched (main/features/pictures/core/picture-wait.ts). */
  awaitPictures?: (roomId: number, ready: () => void) => (() => void) | undefined;
  /** A recorder's API answered its last poll: popup buttons that need it may show. */
  apiAnswers: (recorderId: string | undefined) => boolean;
}

/**
 * Builds the event pipeline (where webhooks, polls and the sources' happenings meet the core) and
 * wires what comes out of it: each decision is recorded in the history and handed to the sinks;
 * each finished file is listed (and the window told once its row is committed); observers hear
 * of every happening. A finished file is looked up under its own recorder's recording root.
 */
export function buildPipeline(wiring: PipelineWiring): EventPipeline {
  const { context, history, sinks, observers } = wiring;
  const { clock, settings, stateChanged, events } = context;
  let roomsVersion = 0;
  // The keys of the happenings grouped into a summary not decided yet, by the summary's id.
  const standsFor = new Map<string, string[]>();
  const roomsNow = () => pipeline.rooms();
  const pipeline: EventPipeline = new EventPipeline(
    {
      clock,
      setTimer: (fn, ms) => {
        const timer = setTimeout(fn, ms);
        return () => clearTimeout(timer);
      },
      settings: policySettings(() => settings().notifications, context.language),
      actionFor: clickAction,
      recorderName: (id) => {
        const recorder = recorderById(settings(), id);
        return recorder ? recorderLabel(recorder) : id;
      },
      buttonsFor: (notification, happening) =>
        popupButtons(notification, buttonContext(happening, wiring.apiAnswers, settings)),
      awaitPictures: wiring.awaitPictures,
    },
    {
      decided: (record) => {
        wiring.stepped?.();
        const { decision } = record;
        const notification = wiring.withPictures?.(record.notification) ?? record.notification;
        const entry: HistoryNotification = {
          notification,
          decision,
          read: initialReadState(decision),
        };
        // A kind switched off, or a happening grouped into a summary, gets no row, but its sinks
        // hear of it (headless prints a problem's end, shown or not); a grouped one's key goes
        // with its summary's row (the policy decides the summary right after its parts). A
        // decision on a happening already recorded (a recovery run again) goes nowhere; the
        // others go to the sinks with their way to the disk.
        if (!keptInHistory(decision)) {
          const key = notification.key;
          if (!decision.shown && decision.summaryId !== undefined && key !== undefined)
            standsFor.set(decision.summaryId, [...(standsFor.get(decision.summaryId) ?? []), key]);
          return sinks.decided(entry);
        }
        const keys = standsFor.get(notification.id) ?? [];
        standsFor.delete(notification.id);
        const kept = history.addNotification(entry, keys, wiring.effectsOf(entry));
        if (!kept) return;
        sinks.decided(entry, kept);
      },
      happened: (happening) => {
        wiring.stepped?.();
        // A replay shows an old event again: its file is already listed.
        if (happening.source !== 'replay')
          listFile(history, happening, clock(), (file) => events.emit('files:changed', file));
        observers.notify('happened', happening);
      },
      failed: (error) => context.log.error(`event pipeline: ${errorDetail(error)}`),
      stateChanged: () => {
        stateChanged();
        const version = pipeline.roomsVersion;
        if (version === roomsVersion) return;
        roomsVersion = version;
        events.emit('rooms:flagsChanged', { rooms: roomsNow });
      },
    },
    async (file) => {
      const s = settings();
      const recorder = recorderById(s, file.recorderId ?? '') ?? s.recorders[0]!;
      return fileCheck(file.relativePath, recorder, s, context.log);
    },
  );
  return pipeline;
}

/**
 * Lists a finished file in the Files list (the pipeline's and recovery's one way to do it);
 * `listed` hears of it once its row is committed, so that what it tells can be read at once.
 */
export function listFile(
  history: Pick<HistoryTables, 'addFile'>,
  happening: Happening,
  finishedAt: number,
  listed?: (file: HistoryFile) => void,
): void {
  const entry = historyFileOf(happening, finishedAt);
  if (!entry) return;
  const committed = history.addFile(entry);
  // A dropped write, or a file listed already, lists nothing (the history writer warned): no cue then.
  if (committed && listed)
    committed.then(
      (added) => added && listed(entry),
      () => undefined,
    );
}

/** The Files list's entry of a finished file, keyed so that it is listed once whatever recovery does. */
export function historyFileOf(happening: Happening, finishedAt: number): HistoryFile | undefined {
  if (happening.kind !== 'FileClosed' || !happening.file) return undefined;
  const entry: HistoryFile = { ...happening.file, finishedAt };
  const resolvedPath = happening.fileCheck?.resolvedPath;
  if (resolvedPath) entry.resolvedPath = resolvedPath;
  if (happening.key) entry.key = happening.key;
  // Another platform's room: the Files list names its platform (shared/platforms.ts).
  const { platform, platformRoom } = happening.room;
  if (platform !== undefined) Object.assign(entry, { platform, platformRoom });
  return entry;
}

/**
 * The policy's settings: the notification settings with the language, made anew only when either
 * changed (the policy asks several times per webhook; a copy each time was measurable under load).
 */
export function policySettings<N extends object, L>(
  notifications: () => N,
  language: () => L,
): () => N & { language: L } {
  let made: { from: N; language: L; value: N & { language: L } } | undefined;
  return () => {
    const from = notifications();
    const lang = language();
    if (made?.from !== from || made.language !== lang)
      made = { from, language: lang, value: { ...from, language: lang } };
    return made.value;
  };
}

/**
 * What else decides a popup's buttons, each part read only by the buttons that depend on it (a
 * finished file's depend on none: no recorder, favourites or room page looked up for it).
 */
function buttonContext(
  happening: Happening,
  apiAnswers: PipelineWiring['apiAnswers'],
  settings: AppContext['settings'],
): ButtonContext {
  return {
    room: happening.room,
    get apiAnswers() {
      return apiAnswers(happening.recorderId);
    },
    get favourite() {
      return settings().notifications.favourites.includes(happening.roomId);
    },
    get noRoomPage() {
      return roomPageUrl(happening.room) === null;
    },
  };
}

/** What a click on a happening's popup does: the live room, or the checked file. */
function clickAction(happening: Happening): NotificationAction | undefined {
  if (happening.kind === 'StreamStarted') {
    const url = roomPageUrl(happening.room);
    return url ? { kind: 'openUrl', url } : undefined;
  }
  return happening.fileCheck?.action;
}
