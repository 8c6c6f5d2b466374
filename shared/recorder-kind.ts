import * as z from 'zod';

/**
 * Which program a recorder entry is: BililiveRecorder (录播姬, the default: settings written
 * before kinds existed keep meaning it), blrec, DDTV5, biliLive-tools or bililive-go
 * (docs/other-recorders.md says what each sends and where this app reads it).
 */
export const RecorderKind = z.enum([
  'bililive-recorder',
  'blrec',
  'ddtv',
  'bililive-tools',
  'bililive-go',
]);
/** A recorder kind. */
export type RecorderKind = z.infer<typeof RecorderKind>;

/** Every kind, in the order Settings → Recorders offers them. */
export const RECORDER_KINDS: readonly RecorderKind[] = RecorderKind.options;

/** Whether this app polls the recorder's REST API the way it polls BililiveRecorder's. */
export function pollsRecorderApi(kind: RecorderKind): boolean {
  return kind === 'bililive-recorder';
}
