import type { FileRecord, RoomState } from '../../shared/model';
import type { RecorderWebhook } from '../../shared/recorder/webhook';
import type { FileCheck, Happening, ObservationSource } from './happening';
import type { ReplayedDelivery } from './ports';
import {
  NotificationPolicy,
  type DecidedNotification,
  type PolicyPorts,
} from './notification-policy';
import { DEFAULT_RECORDER_ID } from '../../shared/settings';
import { RecorderState } from './recorder-state';
import { STREAM_EDGES, StreamDeliveries } from './stream-deliveries';
import { StreamTally } from './stream-tally';
import { testHappenings } from './test-event';

/** The key of a happening a journaled webhook revealed: unique per journal entry and kind. */
export function happeningKey(journalSeq: number, kind: Happening['kind']): string {
  return `j${journalSeq}:${kind}`;
}

/** Listeners of what the pipeline decides. */
export interface PipelineListeners {
  /** Every notification decision, shown or suppressed. */
  decided: (record: DecidedNotification) => void;
  /** Every happening, before the policy sees it (for logs and the health checks). */
  happened?: (happening: Happening) => void;
  /** The rooms changed (flags, titles or statistics may have; see `rooms.version`): the state to push. */
  stateChanged?: () => void;
  /** A listener threw: reported here so one failure cannot stop the happenings after it. */
  failed?: (error: unknown) => void;
}

/**
 * The event pipeline, where observations meet the core: accepted webhooks and polls go in (with
 * the sources' happenings, recovery and decisions made elsewhere: six ways in, listed in
 * docs/architecture.md), the recorder state derives each happening once, and the notification
 * policy decides what the user sees.
 */
export class EventPipeline {
  /** Each recorder's rooms, sessions and files, by recorder id: files and sessions are per recorder. */
  readonly #states = new Map<string, RecorderState>();
  readonly policy: NotificationPolicy;
  readonly #listeners: PipelineListeners;
  readonly #checkFile: ((file: FileRecord) => Promise<FileCheck>) | undefined;
  /** How long a go-live counts as the stream another recorder saw end (the policy's flap time). */
  readonly #sameStreamMs: () => number;
  readonly #tally = new StreamTally();
  readonly #streams = new StreamDeliveries();
  readonly #clock: () => number;
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
    this.#sameStreamMs = () => policyPorts.settings().flapMinutes * 60_000;
    this.#clock = policyPorts.clock;
    this.policy = new NotificationPolicy({
      ...policyPorts,
      decided: (record) => this.#decided(record),
    });
  }

  /** The state of one recorder (made on first use: a recorder is known once it says anything). */
  stateOf(recorderId: string = DEFAULT_RECORDER_ID): RecorderState {
    let state = this.#states.get(recorderId);
    if (!state) {
      state = new RecorderState(recorderId);
      this.#states.set(recorderId, state);
    }
    return state;
  }

  /**
   * One room as each recorder that has it knows it (usually one, two for a hot standby): a look-up,
   * where `rooms()` builds and sorts the whole list.
   */
  roomEverywhere(roomId: number): RoomState[] {
    return [...this.#states.values()].flatMap((state) => state.rooms.get(roomId) ?? []);
  }

  /** Every room of every recorder, by room number (a room on two recorders is listed twice). */
  rooms(): RoomState[] {
    const states = [...this.#states.values()];
    if (states.length === 1) return states[0]!.rooms.list();
    return states.flatMap((state) => state.rooms.list()).sort((a, b) => a.roomId - b.roomId);
  }

  /** The sum of every recorder's room-list version: it moves when any shown field changes. */
  get roomsVersion(): number {
    let version = 0;
    for (const state of this.#states.values()) version += state.rooms.version;
    return version + this.#states.size;
  }

  /** Forgets a recorder that was removed from the settings (its history stays). */
  forget(recorderId: string): void {
    if (this.#states.delete(recorderId)) this.#listeners.stateChanged?.();
  }

  /**
   * Remembers files already listed as finished (the Files list at start-up), each in its
   * recorder's state: a late V1 or V2 report of one is not a new file.
   */
  rememberFinished(files: readonly FileRecord[]): void {
    for (const file of files) this.stateOf(file.recorderId).rememberFinished([file]);
  }

  /**
   * Rebuilds state from journaled webhooks at start-up, silently: nothing is offered again (a
   * delivery shown again from the window is `applyWebhook` with source 'replay').
   */
  rebuild(journaled: readonly ReplayedDelivery[]): void {
    for (const { webhook, receivedAt, recorderId, seq } of journaled) {
      const state = this.stateOf(recorderId);
      const happenings = state.applyWebhook(webhook, 'replay', receivedAt);
      this.#streams.note(happenings, seq, state.recorderId, receivedAt);
    }
  }

  /**
   * The journal seqs of the deliveries that made each room live that is live now, on any
   * recorder, and of the go-live and end of each room that ended within the same-stream window:
   * what the deliveries' pruning must keep however old, for `rebuild` to know them
   * (stream-deliveries.ts).
   */
  streamDeliveries(): number[] {
    return this.#streams.seqs(
      (recorderId, roomId) => this.#states.get(recorderId)?.rooms.get(roomId)?.streaming === true,
      this.#clock(),
      this.#sameStreamMs(),
    );
  }

  /**
   * Applies a webhook to its recorder's state and returns what happened, each go-live or end of
   * a hot standby marked the moment it is derived (recovery derives a whole batch before it offers
   * any: what another recorder tells later in the batch must not silence what came first).
   * `journalSeq`: its journal entry, noted when it makes a room live or ends it (`streamDeliveries`).
   */
  derive(
    webhook: RecorderWebhook,
    source: ObservationSource,
    receivedAt: number | undefined,
    recorderId?: string,
    journalSeq?: number,
  ): Happening[] {
    const state = this.stateOf(recorderId);
    const happenings = state.applyWebhook(webhook, source, receivedAt);
    // Only a go-live or an end names its delivery: the other webhooks (most) skip the call.
    if (journalSeq !== undefined && happenings.some((h) => STREAM_EDGES.has(h.kind)))
      this.#streams.note(happenings, journalSeq, state.recorderId, receivedAt ?? this.#clock());
    this.#noteSameStream(happenings);
    return happenings;
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
    recorderId?: string,
  ): Happening[] {
    // Test events and replays from the window are shown as they are, without touching room state.
    if (source === 'test' || source === 'replay') {
      const happenings = testHappenings(webhook, source);
      this.#offerAll(happenings, false);
      return happenings;
    }
    const happenings = this.derive(webhook, source, receivedAt, recorderId, journalSeq);
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

  /** Applies a poll of one recorder's rooms at local time `at`; `baseline` marks a first look. */
  applyPoll(
    rooms: readonly Omit<RoomState, 'updatedAt'>[],
    at: number,
    baseline: boolean,
    recorderId?: string,
  ): Happening[] {
    const state = this.stateOf(recorderId);
    const happenings = state.applyPoll(rooms, at, baseline);
    this.#noteSameStream(happenings);
    this.#offerAll(happenings, rooms.length > 0);
    return happenings;
  }

  /**
   * A recorder's whole room list (every room it has, not only those the settings select), asked
   * for when its rooms' `observations` stood at `askedAt`: the rooms it no longer lists leave.
   */
  dropUnlistedRooms(listed: ReadonlySet<number>, askedAt: number, recorderId?: string): void {
    if (this.stateOf(recorderId).rooms.dropUnlisted(listed, askedAt) > 0)
      this.#listeners.stateChanged?.();
  }

  /** Offers a happening from another source (the recording guardian) to the policy, in order. */
  offer(happening: Happening): void {
    this.#offerAll([happening], false);
  }

  /**
   * A hot standby: a room on two recorders goes live once and ends once. A go-live or an end that
   * one recorder reports while another still has the room live is the same stream, not news; so
   * is a go-live within the flap time of another recorder's last sight of the room live (their
   * reports cross, or the app restarted between them: the registry is rebuilt from the journal,
   * the policy's memory of flaps is not).
   */
  #noteSameStream(happenings: readonly Happening[]): void {
    if (this.#states.size < 2) return;
    for (const happening of happenings) {
      const other = this.#liveElsewhere(happening);
      if (other !== undefined) happening.sameStreamAs = other;
    }
  }

  /** The other recorder that already has this go-live's or end's stream, if any. */
  #liveElsewhere(happening: Happening): string | undefined {
    if (happening.kind !== 'StreamStarted' && happening.kind !== 'StreamEnded') return undefined;
    if (happening.recorderId === undefined) return undefined;
    const { roomId } = happening;
    for (const [id, state] of this.#states) {
      if (id === happening.recorderId) continue;
      if (state.rooms.get(roomId)?.streaming) return id;
      if (happening.kind !== 'StreamStarted') continue;
      const seen = state.rooms.liveSeenAt(roomId);
      if (seen !== undefined && Math.abs(happening.at - seen) <= this.#sameStreamMs()) return id;
    }
    return undefined;
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
    if (roomsTouched) this.#listeners.stateChanged?.();
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
      if (happening.sameStreamAs !== undefined) return;
      this.policy.offer(happening);
    } catch (error) {
      this.#listeners.failed?.(error);
    }
  }
}
