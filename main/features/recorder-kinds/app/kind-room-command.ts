import type { RecorderSetting } from '../../../../shared/settings';
import { kindRecordCommand, type KindCommandResult } from '../adapters/kind-commands';
import { canStartAndStop } from '../../../../shared/kind-abilities';

/**
 * A room command for a recorder of another kind, ready to send: start or stop where its API can
 * (blrec, bililive-go), a refusal for what it cannot (split, refresh; DDTV and biliLive-tools take
 * none). Undefined for BililiveRecorder, whose commands go through its own API client.
 */
export function otherKindCommand(
  recorder: RecorderSetting,
  roomId: number,
  command: 'start' | 'stop' | 'split' | 'refresh',
): (() => Promise<KindCommandResult>) | undefined {
  if (recorder.kind === 'bililive-recorder') return undefined;
  if (!canStartAndStop(recorder.kind) || (command !== 'start' && command !== 'stop'))
    return async () => ({
      ok: false,
      message: `a ${recorder.kind} recorder cannot ${command} a room`,
    });
  return () => kindRecordCommand(recorder, roomId, command === 'start');
}
