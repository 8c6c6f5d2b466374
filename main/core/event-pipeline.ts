import type { FileRecord, RoomState } from '../../shared/model';
import type { RecorderWebhook } from '../../shared/recorder/webhook';
import type { FileCheck, Happening, ObservationSource } from './happening';
import {
  NotificationPolicy,
  type DecidedNotification,
  type PolicyPorts,
} from './notification-policy';
import { RecorderState } from './recorder-state';
import { happeningKey } from './recovery';
import { StreamTally } from './stream-tally';
import { testHappenings } from './test-event';

/** Listeners of what the pipeline decides. */
export interface PipelineListeners {
  /** Every notification decision, shown or suppressed. */
  decided: (record: DecidedNotification) => void;
  /** Every happening, before the policy sees it (for logs and the health checks). */
  happened?: (happening: Happening) => void;
  /** Rooms were touched (flags, titles or statistics may have changed; see `rooms.version`). */
  roomsChanged?: () => void;
  /** A listener threw: reported here so one failure cannot stop the happenings after it. */
  failed?: (error: unknown) => void;
}

/**
 * The core's one door for observations: accepted webhooks and polls go in, the recorder state
 * derives each happening once, and the notification policy decides what the user sees.
 */
export class EventPipeline {
  readonly state = new RecorderState();
  readonly policy: NotificationPolicy;
  readonly #listeners: PipelineListeners;
  readonly #checkFile: ((file: FileRecord) => Promise<FileCheck>) | undefined;
  readonly #tally = new StreamTally();
  #queue: Promise<void> = Promise.resolve();
  /** Happenings queued behind a file check and not yet offered. */
  #queued = 0;

  constructor(
    policyPorts: Omit<PolicyPorts, 'decided'>,
    listeners: PipelineListeners,
    /** Looks a finished file up on this machine (I/O, so asynchronous); none in pure tests. */
    checkFile?: (file: FileRecord) => Promise<FileCheck>,
  ) {
    this.#listeners = listeners;
    this.#checkFile = checkFile;
    this.policy = new NotificationPolicy({
      ...policyPorts,
      decided: (record) => this.#decided(record),
    });
  }

  /** Rebuilds state from journaled webhooks at start-up; nothing is notified again. */
  replay(journaled: readonly { webhook: RecorderWebhook; receivedAt: number }[]): void {
    for (const { webhook, receivedAt } of journaled)
      this.state.applyWebhook(webhook, 'replay', receivedAt);
  }

  /**
   * Applies one accepted webhook to the room state and offers what happened to the policy;
   * `journalSeq` (its journal entry) keys each happening it reveals, so that start-up recovery can
   * tell which ones reached the history.
   */
  applyWebhook(
    webhook: RecorderWebhook,
    source: ObservationSource = 'webhook',
    receivedAt?: number,
    journalSeq?: number,
  ): Happening[] {
    // Test events and replays from the window are shown as they are, without touching room state.
    if (source === 'test' || source === 'replay') {
      const happenings = testHappenings(webhook, source);
      this.#offerAll(happenings, false);
      return happenings;
    }
    const happenings = this.state.applyWebhook(webhook, source, receivedAt);
    if (journalSeq !== undefined)
      for (const happening of happenings) happening.key = happeningKey(journalSeq, happening.kind);
    this.#offerAll(happenings, webhook.type !== 'unknown');
    return happenings;
  }

  /** Hands a decision made outside the policy (recovery's summary of what was missed) on. */
  record(record: DecidedNotification): void {
    this.#decided(record);
  }

  /** True when no happening waits for a file check or in a held-back group of the policy. */
  idle(): boolean {
    return this.#queued === 0 && !this.policy.holding;
  }

  /** Applies a poll's view of rooms at local time `at`; `baseline` marks a first look. */
  applyPoll(
    rooms: readonly Omit<RoomState, 'updatedAt'>[],
    at: number,
    baseline: boolean,
  ): Happening[] {
    const happenings = rooms.flatMap((room) => this.state.applyPolledRoom(room, at, baseline));
    this.#offerAll(happenings, rooms.length > 0);
    return happenings;
  }

  /** Offers a happening from another source (the recording guardian) to the policy, in order. */
  offer(happening: Happening): void {
    this.#offerAll([happening], false);
  }

  #decided(record: Parameters<PipelineListeners['decided']>[0]): void {
    try {
      this.#listeners.decided(record);
    } catch (error) {
      this.#listeners.failed?.(error);
    }
  }

  /** Resolves once every happening so far has reached the policy (file checks are async). */
  drain(): Promise<void> {
    return this.#queue;
  }

  #offerAll(happenings: Happening[], roomsTouched: boolean): void {
    if (roomsTouched) this.#listeners.roomsChanged?.();
    const checkFile = this.#checkFile;
    if (!checkFile) {
      for (const happening of happenings) this.#offer(happening);
      return;
    }
    // One queue keeps happenings in order while a file check is waiting on the disk; with nothing
    // waiting, a happening without a file goes to the policy at once (most do, and a promise per
    // happening is a good part of the work per webhook).
    for (const happening of happenings) {
      if (this.#queued === 0 && !happening.file) {
        this.#offer(happening);
        continue;
      }
      this.#queued += 1;
      this.#queue = this.#queue.then(async () => {
        try {
          if (happening.file) happening.fileCheck = await checkFile(happening.file);
        } catch {
          happening.fileCheck = {}; // the popup goes out without a file action
        } finally {
          this.#queued -= 1;
        }
        this.#offer(happening);
      });
    }
  }

  #offer(happening: Happening): void {
    try {
      if (happening.source !== 'test' && happening.source !== 'replay') this.#tally.note(happening);
      this.#listeners.happened?.(happening);
      this.policy.offer(happening);
    } catch (error) {
      this.#listeners.failed?.(error);
    }
  }
}
