import type { SessionReport } from '../../../../shared/problem';

/** One file of a session, times in epoch ms of the recorder's clock. */
export interface SessionFile {
  openedAt: number;
  /** Undefined when no FileClosed came: counted up to the session's end. */
  closedAt?: number;
  bytes: number;
}

/** A finished session as the webhooks told it. */
export interface FinishedSession {
  roomId: number;
  sessionId: string;
  /** SessionStarted's time; undefined when it never came (the first file's opening then). */
  startedAt?: number;
  endedAt: number;
  files: readonly SessionFile[];
}

/**
 * The summary of a session: files, bytes, wall time, the share the files cover and the gaps
 * between consecutive files of at least `gapSeconds`.
 */
export function sessionReport(session: FinishedSession, gapSeconds: number): SessionReport {
  const files = [...session.files].sort((a, b) => a.openedAt - b.openedAt);
  const start = session.startedAt ?? files[0]?.openedAt ?? session.endedAt;
  const end = Math.max(session.endedAt, start);
  const wall = end - start;
  // Covered time is the union of the files' spans, clipped to the session (files may overlap at splits).
  let covered = 0;
  let reach = start;
  let gaps = 0;
  let longestGap = 0;
  let previousClose: number | undefined;
  let bytes = 0;
  for (const file of files) {
    bytes += file.bytes;
    const open = Math.max(file.openedAt, start);
    const close = Math.min(file.closedAt ?? end, end);
    if (previousClose !== undefined) {
      const gap = file.openedAt - previousClose;
      if (gap > 0) longestGap = Math.max(longestGap, gap);
      if (gap >= gapSeconds * 1000) gaps += 1;
    }
    previousClose = Math.max(previousClose ?? 0, file.closedAt ?? end);
    if (close > Math.max(open, reach)) {
      covered += close - Math.max(open, reach);
      reach = close;
    }
  }
  return {
    roomId: session.roomId,
    sessionId: session.sessionId,
    files: files.length,
    bytes,
    durationSeconds: wall / 1000,
    coverage: wall <= 0 ? (files.length > 0 ? 1 : 0) : Math.min(1, covered / wall),
    gaps,
    longestGapSeconds: longestGap / 1000,
  };
}

/** Whether a report shows an incomplete session (coverage below the minimum, or a gap). */
export function isIncomplete(report: SessionReport, minCoverage: number): boolean {
  return report.coverage < minCoverage || report.gaps > 0;
}
