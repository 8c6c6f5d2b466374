import { kindCommandFailureText } from '../../../../shared/i18n/kind-text';
import { canStartAndStop } from '../../../../shared/kind-abilities';
import type { Language, RecorderSetting } from '../../../../shared/settings';
import { kindRecordCommand } from '../adapters/kind-commands';

/** A command's outcome as the window and the popups show it. */
export type WordedResult = { ok: true } | { ok: false; message: string };

/**
 * A room command for a recorder of another kind, ready to send: start or stop where its API can
 * (blrec, bililive-go), a refusal for what it cannot (split, refresh; DDTV and biliLive-tools take
 * none), worded in the user's language. Undefined for BililiveRecorder, whose commands go
 * through its own API client.
 */
export function otherKindCommand(
  recorder: RecorderSetting,
  roomId: number,
  command: 'start' | 'stop' | 'split' | 'refresh',
  language: Language,
): (() => Promise<WordedResult>) | undefined {
  const { kind } = recorder;
  if (kind === 'bililive-recorder') return undefined;
  if (!canStartAndStop(kind) || (command !== 'start' && command !== 'stop'))
    return async () => ({
      ok: false,
      message: kindCommandFailureText(kind, { reason: 'cannot', command }, language),
    });
  return async () => {
    const result = await kindRecordCommand(recorder, roomId, command === 'start');
    return result.ok
      ? result
      : { ok: false, message: kindCommandFailureText(kind, result.failure, language) };
  };
}
