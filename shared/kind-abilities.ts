import { apiAnswers, type RecorderStatus } from './recorder/connection-status';
import type { RecorderKind } from './recorder-kind';

/**
 * Whether a recorder of this kind can be told to record a room or stop, through its own API:
 * BililiveRecorder (its room commands), blrec (a task's recorder enabled or disabled) and
 * bililive-go (`startRecord` / `stopRecord`). DDTV's webhook and biliLive-tools' events come with
 * no API this app speaks: nothing is offered for them.
 */
export function canStartAndStop(kind: RecorderKind): boolean {
  return kind === 'bililive-recorder' || kind === 'blrec' || kind === 'bililive-go';
}

/**
 * Whether the rest of the room commands (split, refresh, the auto-record switch, adding and
 * removing rooms) reach this kind: BililiveRecorder's API alone has them.
 */
export function managesRooms(kind: RecorderKind): boolean {
  return kind === 'bililive-recorder';
}

/** A recorder as the places that offer room commands know it (AppState's RecorderView fits). */
export interface CommandableRecorder {
  /** Absent: BililiveRecorder (state written before kinds). */
  kind?: RecorderKind | undefined;
  status: RecorderStatus | 'off';
  /** Its API address; '' = none. */
  url: string;
}

/**
 * Whether "record" and "stop" are offered for a recorder's rooms now: BililiveRecorder's while
 * its API answers; blrec's and bililive-go's while an address is set and their event stream is
 * not down (their light says `off`, never `ok`: this app does not poll their API); never for
 * the kinds that cannot (canStartAndStop).
 */
export function startsRooms(recorder: CommandableRecorder): boolean {
  const kind = recorder.kind ?? 'bililive-recorder';
  if (!canStartAndStop(kind)) return false;
  if (managesRooms(kind)) return apiAnswers(recorder.status);
  return recorder.url.trim() !== '' && recorder.status !== 'unreachable';
}

/** Whether the commands only BililiveRecorder has (split, refresh, rooms) are offered now. */
export function managesRoomsNow(recorder: CommandableRecorder): boolean {
  return managesRooms(recorder.kind ?? 'bililive-recorder') && apiAnswers(recorder.status);
}
