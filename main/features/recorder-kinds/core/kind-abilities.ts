import type { RecorderKind } from '../../../../shared/recorder-kind';

/**
 * Whether a recorder of this kind can be told to record a room or stop, through its own API:
 * BililiveRecorder (its room commands), blrec (a task's recorder enabled or disabled) and
 * bililive-go (`startRecord` / `stopRecord`). DDTV's webhook and biliLive-tools' events come with
 * no API this app speaks: nothing is offered for them.
 */
export function canStartAndStop(kind: RecorderKind): boolean {
  return kind === 'bililive-recorder' || kind === 'blrec' || kind === 'bililive-go';
}
