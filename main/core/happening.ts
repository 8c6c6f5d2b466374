import type { FileRecord, NotificationAction, RoomState } from '../../shared/model';
import type { ProblemCode, ProblemFacts, SessionReport } from '../../shared/problem';
import type { NotifiableEvent } from '../../shared/settings';

/** Where an observation came from: a webhook, a poll of the REST API, or the app's own test event. */
export type ObservationSource = 'webhook' | 'poll' | 'test' | 'replay';

/**
 * One real happening in the recorder, derived by the core exactly once whatever the delivery did
 * (retries, V1 + V2, any order, webhook and poll). Named after the recorder's event types.
 */
export type Happening = {
  kind: NotifiableEvent;
  roomId: number;
  /** The recorder it happened in (settings `recorders[].id`); absent: the app's own (test events). */
  recorderId?: string;
  /** Epoch ms of the observation that revealed it (the recorder's clock for webhooks). */
  at: number;
  /** The room as known right after the happening. */
  room: RoomState;
  source: ObservationSource;
  sessionId?: string;
  /** Set for FileClosed. */
  file?: FileRecord;
  /** For FileClosed: where the file is on this machine and what a click may do with it. */
  fileCheck?: FileCheck;
  /** Seen in a first look after start-up or resume: real, but not news (shown, not popped up). */
  baseline?: boolean;
  /** Its journal seq and kind (core/recovery.ts), when a journaled webhook revealed it. */
  key?: string;
  /**
   * A go-live or end that another recorder (this id) had already told of: the same stream on a
   * hot standby, noted as it was derived (not news: the policy is not offered it).
   */
  sameStreamAs?: string;
  /** Recovered at start-up, too old to pop up: it happened while the app was not running. */
  missed?: boolean;
  /** RecordingProblem / ProblemResolved: the guardian's problem (roomId 0: not about a room). */
  problem?: ProblemNote;
  /** SessionReport: the finished session's summary. */
  report?: SessionReport;
  /** RoomChanged: what changed, from the value before the burst to the last one. */
  change?: RoomChange;
  /** StreamEnded: how long the stream ran and what was recorded of it, when known. */
  ended?: StreamEndFacts;
};

/** A title or area change: the value before a burst of changes and the last one. */
export interface RoomChange {
  title?: { from: string; to: string };
  area?: { from: string; to: string };
}

/** What a StreamEnded popup tells: the live time and what was recorded in it. */
export interface StreamEndFacts {
  liveSeconds?: number;
  /** Files finished in the stream; absent: not told here (the session report says it). */
  files?: number | undefined;
  bytes: number;
  /** Recorded media seconds over the live time (0–1), when both are known. */
  coverage?: number;
}

/** A problem as the guardian hands it to the policy. */
export interface ProblemNote {
  code: ProblemCode;
  facts?: ProblemFacts;
  /** Back within the quiet time after it ended (flapping): recorded, not popped up. */
  quiet?: boolean;
}

/** The result of checking a finished file's path on this machine. */
export interface FileCheck {
  /** The local path, when the recording root is set and the path passed every check. */
  resolvedPath?: string;
  action?: NotificationAction;
}
