import type { CoreWiring } from './app-core';
import type { HistoryFile, HistoryNotification } from '../../shared/history';
import type { NotificationAction, RoomState } from '../../shared/model';
import type { HistoryStore } from '../adapters/history-store';
import { EventPipeline } from '../core/event-pipeline';
import type { FileCheck, Happening } from '../core/happening';
import { initialReadState } from '../core/history';
import { liveRoomUrl } from '../core/links';
import { popupButtons } from '../core/popup-buttons';
import { errorDetail } from '../core/log-text';
import type { Clock } from '../core/ports';
import type { DecisionSinks } from './decision-sinks';
import type { Observers } from './observers';

/** What the pipeline is wired to. */
export interface PipelineWiring extends CoreWiring {
  history: HistoryStore;
  sinks: DecisionSinks;
  observers: Observers;
  checkFile: (file: { relativePath: string }) => Promise<FileCheck>;
  /** Rooms were touched by a webhook or a poll (statistics included). */
  roomsTouched: () => void;
  /** The room list or a room's flags changed. */
  roomFlagsChanged: (rooms: RoomState[]) => void;
  /** A recorder URL is set and its API answered the last poll: buttons that need it may show. */
  apiReady?: () => boolean;
}

/**
 * Builds the core's one door for observations and wires what comes out of it: each decision is
 * recorded in the history and handed to the sinks; each finished file is listed; observers hear
 * of every happening.
 */
export function buildPipeline(wiring: PipelineWiring): EventPipeline {
  const { clock, history, sinks, observers } = wiring;
  let roomsVersion = 0;
  const pipeline: EventPipeline = new EventPipeline(
    {
      clock,
      setTimer: (fn, ms) => {
        const timer = setTimeout(fn, ms);
        return () => clearTimeout(timer);
      },
      settings: () => ({ ...wiring.settings().notifications, language: wiring.language() }),
      actionFor: clickAction,
      buttonsFor: (notification, happening) =>
        popupButtons(notification, {
          room: happening.room,
          apiReady: wiring.apiReady?.() ?? false,
          favourite: wiring.settings().notifications.favourites.includes(happening.roomId),
        }),
    },
    {
      decided: ({ notification, decision }) => {
        const entry: HistoryNotification = {
          notification,
          decision,
          read: initialReadState(decision),
        };
        // A decision on a happening already recorded (a recovery run again) goes nowhere.
        if (!history.addNotification(entry)) return;
        sinks.decided(entry);
      },
      happened: (happening) => {
        listFinishedFile(happening, history, clock);
        observers.notify('happened', happening);
      },
      failed: (error) => wiring.log.error(`event pipeline: ${errorDetail(error)}`),
      roomsChanged: () => {
        wiring.roomsTouched();
        const version = pipeline.state.rooms.version;
        if (version === roomsVersion) return;
        roomsVersion = version;
        wiring.roomFlagsChanged(pipeline.state.rooms.list());
      },
    },
    wiring.checkFile,
  );
  return pipeline;
}

/** Lists a finished file (a replay shows an old event again: its file is already listed). */
function listFinishedFile(happening: Happening, history: HistoryStore, clock: Clock): void {
  if (happening.kind !== 'FileClosed' || !happening.file || happening.source === 'replay') return;
  const entry: HistoryFile = { ...happening.file, finishedAt: clock() };
  const resolvedPath = happening.fileCheck?.resolvedPath;
  if (resolvedPath) entry.resolvedPath = resolvedPath;
  if (happening.key) entry.key = happening.key; // listed once, whatever a recovery run does
  history.addFile(entry);
}

/** What a click on a happening's popup does: the live room, or the checked file. */
function clickAction(happening: Happening): NotificationAction | undefined {
  if (happening.kind === 'StreamStarted') {
    const url = liveRoomUrl(happening.roomId);
    return url ? { kind: 'openUrl', url } : undefined;
  }
  return happening.fileCheck?.action;
}
