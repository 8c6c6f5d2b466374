import * as z from 'zod';

/** What the recording guardian watches for, plus the recorder going silent. */
export const ProblemCode = z.enum([
  'not-recording',
  'no-file',
  'stalled',
  'lagging',
  'danmaku-down',
  'disk-low',
  'recorder-warning',
  'incomplete-session',
  'recorder-unreachable',
]);
/** A problem code. */
export type ProblemCode = z.infer<typeof ProblemCode>;

/** The trouble warnings read from BililiveRecorder's log (docs/recorder.md, "The log API"). */
export const LogWarningKind = z.enum(['stuck', 'io-error', 'blocked', 'low-quality']);
/** A warning kind of BililiveRecorder's log. */
export type LogWarningKind = z.infer<typeof LogWarningKind>;

/**
 * The recorder's own trouble warnings: read from BililiveRecorder's log (docs/recorder.md, "The
 * log API"), or told in an event by a recorder of another kind (docs/other-recorders.md: blrec's
 * full disk and errors, DDTV's expired login).
 */
export const RecorderWarningKind = z.enum([
  ...LogWarningKind.options,
  'disk-low',
  'recorder-error',
  'login-expired',
]);
/** A recorder warning kind. */
export type RecorderWarningKind = z.infer<typeof RecorderWarningKind>;

/** Numbers that make a problem's text concrete (all optional: each code uses its own). */
export const ProblemFacts = z.object({
  warning: RecorderWarningKind.optional(),
  /** disk-low: free bytes of the recording folder's file system. */
  freeBytes: z.number().optional(),
  /** A recorder's disk-low: the free space below which it warns, bytes (blrec's `threshold`). */
  thresholdBytes: z.number().optional(),
  /** A recorder's error: its name (blrec's `Error` event, the exception's class). */
  errorName: z.string().optional(),
  /** disk-low: hours left at the current write rate (absent when nothing is written). */
  runwayHours: z.number().optional(),
  /** incomplete-session: share of the session's wall time the files cover, 0–1. */
  coverage: z.number().optional(),
  /** incomplete-session: how many gaps between files passed the threshold. */
  gaps: z.number().int().optional(),
  /** incomplete-session: the longest gap between two files, seconds. */
  longestGapSeconds: z.number().optional(),
});
/** Facts of a problem. */
export type ProblemFacts = z.infer<typeof ProblemFacts>;

/** A problem a recorder told of itself in an event, for the guardian (an alert like its own). */
export interface RecorderProblem {
  warning: RecorderWarningKind;
  /** Absent for a problem of the whole recorder (its disk, its login). */
  roomId?: number;
  facts?: ProblemFacts;
}

/** A problem episode that is still open (shown by the tray and the Rooms view). */
export const OpenProblem = z.object({
  /** Absent for problems of the whole set-up (disk-low, recorder-unreachable, a 412 block). */
  roomId: z.number().optional(),
  /** The recorder it is about (settings `recorders[].id`). */
  recorderId: z.string().optional(),
  code: ProblemCode,
  /** Epoch ms when the episode started. */
  since: z.number(),
  facts: ProblemFacts.optional(),
});
/** An open problem. */
export type OpenProblem = z.infer<typeof OpenProblem>;

/** A finished session's summary: what the files cover of the session's wall time. */
export const SessionReport = z.object({
  roomId: z.number(),
  sessionId: z.string(),
  files: z.number().int().nonnegative(),
  bytes: z.number().nonnegative(),
  /** Wall time of the session, seconds (SessionStarted to SessionEnded, the recorder's clock). */
  durationSeconds: z.number().nonnegative(),
  /** Share of the wall time covered by files, 0–1. */
  coverage: z.number().min(0).max(1),
  /** Gaps between consecutive files of at least the gap threshold. */
  gaps: z.number().int().nonnegative(),
  longestGapSeconds: z.number().nonnegative(),
});
/** A session report. */
export type SessionReport = z.infer<typeof SessionReport>;
