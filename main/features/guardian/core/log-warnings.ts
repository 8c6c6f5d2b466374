import type { LogWarningKind } from '../../../../shared/problem';
import { RecorderLogEntry } from '../../../../shared/recorder/rest';

/** A trouble warning found in the recorder's log. */
export interface RecorderWarning {
  kind: LogWarningKind;
  /** Absent for warnings about the whole recorder (the 412 block has no RoomId). */
  roomId?: number;
}

// The templates as the recorder logs them (BililiveRecorder StandardRecordTask / PollyPolicy,
// docs/recorder.md, "The log API"); the template, not the rendered text, so quality numbers do not matter.
const TEMPLATES: readonly (readonly [string, LogWarningKind])[] = [
  ['检测到录制卡住', 'stuck'],
  ['录制时发生IO错误', 'io-error'],
  ['检测到被屏蔽(HTTP 412)', 'blocked'],
  ['返回的直播流地址的画质是', 'low-quality'],
];

/** The trouble warning in one raw log entry, or undefined for any other entry (or a malformed one). */
export function recorderWarning(raw: unknown): RecorderWarning | undefined {
  const parsed = RecorderLogEntry.safeParse(raw);
  if (!parsed.success) return undefined;
  const template = parsed.data['@mt'];
  if (template === undefined) return undefined;
  const found = TEMPLATES.find(([start]) => template.startsWith(start));
  if (!found) return undefined;
  const roomId = parsed.data.RoomId;
  return { kind: found[1], ...(roomId !== undefined && roomId > 0 ? { roomId } : {}) };
}
