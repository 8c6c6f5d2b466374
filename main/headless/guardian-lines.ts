import type { HistoryNotification } from '../../shared/history';
import type { DecisionSink } from '../core/plug-ins';
import type { OutputLine } from './output';

/**
 * Headless output of the recording guardian besides its popups (which print as `notification`
 * lines with `problem`): a problem's end, shown or not, and every session report.
 */
export function guardianLines(emit: (line: OutputLine) => void): DecisionSink {
  return {
    name: 'guardian-lines',
    decided({ notification: n }: HistoryNotification): void {
      if (n.event === 'ProblemResolved' && n.problem) {
        emit({ type: 'problem-resolved', problem: n.problem, roomIds: n.roomIds, at: n.createdAt });
      } else if (n.event === 'SessionReport' && n.report) {
        const { roomId, sessionId, coverage, files, bytes, gaps, durationSeconds } = n.report;
        emit({
          type: 'session-report',
          roomId,
          sessionId,
          coverage,
          files,
          bytes,
          gaps,
          durationSeconds,
        });
      }
    },
  };
}
