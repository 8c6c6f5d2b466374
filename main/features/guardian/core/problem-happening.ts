import type { RoomState } from '../../../../shared/model';
import type { SessionReport } from '../../../../shared/problem';
import type { Happening } from '../../../core/happening';
import type { ProblemChange } from './episodes';

/** The stand-in room of a problem about the whole set-up (disk-low): room 0, no names. */
function setupRoom(at: number): RoomState {
  return {
    roomId: 0,
    shortId: 0,
    name: '',
    title: '',
    areaNameParent: '',
    areaNameChild: '',
    streaming: false,
    recording: false,
    danmakuConnected: true,
    updatedAt: at,
  };
}

/** The happening the policy decides on for a problem's start or end. */
export function problemHappening(
  change: ProblemChange,
  room: RoomState | undefined,
  recorderId?: string,
): Happening {
  return {
    kind: change.type === 'start' ? 'RecordingProblem' : 'ProblemResolved',
    roomId: change.roomId ?? 0,
    ...(recorderId !== undefined ? { recorderId } : {}),
    at: change.at,
    room: room ?? setupRoom(change.at),
    source: 'poll',
    problem: {
      code: change.code,
      ...(change.facts ? { facts: change.facts } : {}),
      ...(change.quiet ? { quiet: true } : {}),
    },
  };
}

/** The happening of a finished session's summary. */
export function reportHappening(
  report: SessionReport,
  room: RoomState | undefined,
  at: number,
  recorderId?: string,
): Happening {
  return {
    kind: 'SessionReport',
    roomId: report.roomId,
    ...(recorderId !== undefined ? { recorderId } : {}),
    at,
    room: room ?? { ...setupRoom(at), roomId: report.roomId },
    source: 'webhook',
    sessionId: report.sessionId,
    report,
  };
}
