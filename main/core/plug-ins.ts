import type { HistoryNotification } from '../../shared/history';
import type { AppNotification, RoomState } from '../../shared/model';
import type { RecorderProblem } from '../../shared/problem';
import type { PolledRoom } from '../../shared/recorder/rest';
import type { RecorderWebhook } from '../../shared/recorder/webhook';
import type { Language, RecorderSetting, Settings } from '../../shared/settings';
import type { Happening } from './happening';
import type { OwedEffect } from './outbox';
import type { Clock, Logger } from './ports';

/** What every plug-in may read: time, the log, the data folder and the settings in force. */
export interface PlugInContext {
  clock: Clock;
  log: Logger;
  /** The app's data folder (journal, history, settings): a plug-in keeps its own files here. */
  dataDir: string;
  settings(): Settings;
  /** The language of notifications and messages now. */
  language(): Language;
}

/** What the app observed, for sources that derive happenings of their own from it. */
export interface Observer {
  /**
   * An accepted webhook from a recorder (`recorderId`: whose URL it came in on), after the core
   * applied it (not test events or replays).
   */
  webhook?(webhook: RecorderWebhook, receivedAt: number, recorderId: string): void;
  /** A good poll of a recorder's REST API: every room it returned, at local time `at`. */
  polled?(rooms: readonly PolledRoom[], at: number, recorderId: string): void;
  /** Every happening the core derived, before the policy saw it. */
  happened?(happening: Happening): void;
  /** A recorder of another kind told of its own problem in an event (a full disk, an error). */
  recorderProblem?(problem: RecorderProblem, at: number, recorderId: string): void;
  /**
   * The settings section whose `enabled` switches the feature behind this observer: while it is
   * off, the observer is told nothing (a feature switched off is not called for every webhook).
   */
  enabledBy?: SwitchedSection;
  /**
   * Told only while the settings hold a recorder of another kind than BililiveRecorder (a part
   * for those kinds alone is then not called for every event of BililiveRecorder's).
   */
  otherKindsOnly?: boolean;
}

/** A settings section with an `enabled` switch (jobs, clean-up, pictures, …). */
export type SwitchedSection = {
  [K in keyof Settings]: Settings[K] extends { enabled: boolean } ? K : never;
}[keyof Settings];

/** What a source of happenings is given when the app starts it. */
export interface SourceContext extends PlugInContext {
  /** Hands a happening to the notification policy, through the event pipeline, as webhooks and polls are. */
  offer(happening: Happening): void;
  /** Subscribes to what the app observes; returns the unsubscribe. */
  observe(observer: Observer): () => void;
  /** Every room of every recorder as the app knows it now (each with its `recorderId`). */
  rooms(): readonly RoomState[];
  /** One room as each recorder that has it knows it: a look-up, cheap on every webhook. */
  roomEverywhere(roomId: number): readonly RoomState[];
  /** The recorders in the settings in force, with their API clients' settings. */
  recorders(): readonly RecorderSetting[];
  /**
   * Calls `listener` with the settings before each change; returns the unsubscribe. Absent (some
   * tests): a source watches as if every switch were on.
   */
  onSettingsChange?(listener: (previous: Settings) => void): () => void;
}

/**
 * A source of happenings besides webhooks and polls (the recording guardian). Attached in the app
 * object's `attachSources` step: started after the listener and polling, stopped before them.
 */
export interface HappeningSource {
  readonly name: string;
  start(context: SourceContext): void | Promise<void>;
  stop(): void | Promise<void>;
}

/**
 * A decision on its way into the history (the database), with its effects (its popup, each push)
 * owed in the outbox in the same transaction; the dispatcher delivers them once it is committed.
 */
export interface KeptDecision {
  /**
   * Settles at the end of the first try to commit it: resolved with the effects owed (their
   * outbox rows) once on the disk; rejected when it could not be written now (it is retried
   * without its effects, which are delivered at once: nothing waits for a failing disk).
   */
  committed: Promise<readonly OwedEffect[]>;
  /** The same effects without outbox rows: what is delivered when the first try failed. */
  effects: readonly OwedEffect[];
}

/**
 * Where the policy's decisions go besides the history: the desktop popup, output lines, push
 * targets. Attached in the app object's `attachSinks` step; every decision, shown or suppressed,
 * reaches every sink in the order attached.
 */
export interface DecisionSink {
  readonly name: string;
  /** Called once before the first decision. */
  start?(context: PlugInContext): void | Promise<void>;
  /**
   * One decision as the history recorded it, with its way to the disk (absent: nothing to wait
   * for); must not throw (a throw is logged and skipped).
   */
  decided(entry: HistoryNotification, kept?: KeptDecision): void;
  /**
   * A set-up notice worded as a notification (not a decision of the policy: it is not in the
   * Notifications list); the host's popup shows it. Must not throw.
   */
  notice?(notification: AppNotification): void;
  /** Called at stop, after held notifications were flushed: finish or persist pending work. */
  stop?(): void | Promise<void>;
}
