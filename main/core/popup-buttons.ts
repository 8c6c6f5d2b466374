import type { NotificationAction } from '../../shared/model';
import type { PopupButton } from '../../shared/popup-button';

/** The parts of a notification its buttons depend on. */
export interface ButtonSubject {
  event: string;
  roomIds: readonly number[];
  action?: NotificationAction | undefined;
  /** A recording problem's code (the guardian's `not-recording`, …). */
  problem?: string | undefined;
}

/** What else decides the buttons: the room as known now, and whether the recorder's API answers. */
export interface ButtonContext {
  room?: { recording: boolean; autoRecord?: boolean | undefined } | undefined;
  /** A recorder URL is set and its last check or poll succeeded: `record` can work. */
  apiAnswers: boolean;
  /** The room is a favourite already: no "★" to make it one. */
  favourite?: boolean;
  /** The room has no page to open (a platform not in shared/platforms.ts): no `openRoom`. */
  noRoomPage?: boolean;
}

// The guardian's problems a start command can mend (live, auto-record on, not recording).
const STARTABLE_PROBLEMS: ReadonlySet<string> = new Set(['not-recording']);

/**
 * The buttons of one notification, in the order shown: go-live of a room that does not record
 * offers `record` (when the API answers), then `openRoom` (when it has a page), `mute` and `favourite` ("★", unless it
 * is one already); a finished file `open` and
 * `show`; a recording problem `openWindow` and `record` where starting mends it. A summary of
 * several rooms has none: its click opens the window.
 */
export function popupButtons(subject: ButtonSubject, context: ButtonContext): PopupButton[] {
  if (subject.roomIds.length > 1) return [];
  const single = subject.roomIds.length === 1;
  switch (subject.event) {
    case 'StreamStarted': {
      if (!single) return [];
      const room = context.room;
      // An auto-record room records by itself; if it does not, the guardian's problem offers start.
      const recordable =
        context.apiAnswers && room !== undefined && !room.recording && room.autoRecord !== true;
      const buttons: PopupButton[] = [
        ...(recordable ? (['record'] as const) : []),
        ...(context.noRoomPage === true ? [] : (['openRoom'] as const)),
        'mute',
      ];
      return context.favourite ? buttons : [...buttons, 'favourite'];
    }
    case 'FileClosed': {
      const kind = subject.action?.kind;
      return kind === 'openFile' || kind === 'showFile' ? ['open', 'show'] : [];
    }
    case 'RecordingProblem': {
      const startable =
        single &&
        context.apiAnswers &&
        subject.problem !== undefined &&
        STARTABLE_PROBLEMS.has(subject.problem) &&
        context.room?.recording !== true;
      return startable ? ['openWindow', 'record'] : ['openWindow'];
    }
    default:
      return [];
  }
}
