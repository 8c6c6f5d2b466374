import type { RoomState } from '../../shared/model';
import { ROOMS_KEPT, slackFor, pruneOldest } from './prune-oldest';

/** Room fields an observation may carry; absent fields are left as they are. */
export type RoomFields = Partial<Omit<RoomState, 'roomId' | 'updatedAt'>>;

/** An observation of one room at one instant. */
export interface RoomObservation {
  roomId: number;
  ticks: bigint; // 100 ns ticks since the epoch
  /** The same instant in epoch ms (what `updatedAt` shows), given to spare a BigInt division. */
  at: number;
  /** The fields seen; a `roomId` among them is not a field (a poll hands its room over whole). */
  fields: RoomFields & { roomId?: number };
  /** Live flag as an authoritative on/off signal (StreamStarted/Ended, polls, or a false flag). */
  live?: boolean;
  /** Recording flag as an authoritative on/off signal (Session*, polls, or a false flag). */
  recording?: boolean;
}

/** What one observation changed in the episodes of its room. */
export interface RoomTransitions {
  live?: { from: Episode['state']; to: 'on' | 'off' };
  recording?: { from: Episode['state']; to: 'on' | 'off' };
}

interface RoomEntry {
  state: RoomState;
  fieldTicks: Map<string, bigint>;
  live: Episode;
  recording: Episode;
  /** The newest moment the room was seen live (an "on" observation, or the end of an "on" episode), ticks. */
  liveSeen: bigint;
  /** The registry's observation count when this room was last observed. */
  observedAs: number;
}

/**
 * Every room the app knows, merged from webhooks and polls: per field, the newest observation
 * wins; the live and recording flags are tracked as episodes so that transitions are derived once.
 */
export class RoomRegistry {
  readonly #rooms = new Map<number, RoomEntry>();
  readonly #recorderId: string | undefined;
  #version = 0;
  #observations = 0;

  /** `recorderId`: the recorder whose rooms these are (set on every room it lists). */
  constructor(recorderId?: string) {
    this.#recorderId = recorderId;
  }

  /** Applies an observation; returns the room as now known and the transitions it caused. */
  observe(observation: RoomObservation): { room: RoomState; transitions: RoomTransitions } {
    const entry = this.#entry(observation.roomId);
    entry.observedAs = ++this.#observations;
    const { ticks, fields } = observation;
    const state = entry.state as Record<string, unknown>;
    let shownChanged = false;
    // A plain loop over the fields, no entries array: this runs for every webhook.
    for (const key in fields) {
      const value = fields[key as keyof RoomFields];
      if (value === undefined || key === 'roomId') continue;
      const previous = entry.fieldTicks.get(key) ?? -1n;
      if (ticks < previous) continue;
      entry.fieldTicks.set(key, ticks);
      if (state[key] === value) continue;
      state[key] = value;
      if (SHOWN_FIELDS.has(key)) shownChanged = true;
    }
    entry.state.updatedAt = Math.max(entry.state.updatedAt, observation.at);
    const transitions: RoomTransitions = {};
    if (observation.live !== undefined) {
      const from = entry.live.state;
      const result = observeEpisode(entry.live, observation.live, ticks);
      entry.live = result.episode;
      if ((observation.live || from === 'on') && ticks > entry.liveSeen) entry.liveSeen = ticks;
      if (result.changed) transitions.live = { from, to: observation.live ? 'on' : 'off' };
    }
    if (observation.recording !== undefined) {
      const from = entry.recording.state;
      const result = observeEpisode(entry.recording, observation.recording, ticks);
      entry.recording = result.episode;
      if (result.changed)
        transitions.recording = { from, to: observation.recording ? 'on' : 'off' };
    }
    // Episodes are authoritative; a plain flag in an event only fills in while nothing is known.
    if (entry.live.state !== 'unknown' && entry.state.streaming !== (entry.live.state === 'on')) {
      entry.state.streaming = entry.live.state === 'on';
      shownChanged = true;
    }
    if (
      entry.recording.state !== 'unknown' &&
      entry.state.recording !== (entry.recording.state === 'on')
    ) {
      entry.state.recording = entry.recording.state === 'on';
      shownChanged = true;
    }
    if (shownChanged) this.#version += 1;
    return { room: { ...entry.state }, transitions };
  }

  /** Goes up whenever a room is added or a name, title, area or flag changes (not statistics). */
  get version(): number {
    return this.#version;
  }

  /** Epoch ms when the room was last seen live (by an observation, or as its live episode ended). */
  liveSeenAt(roomId: number): number | undefined {
    const ticks = this.#rooms.get(roomId)?.liveSeen;
    return ticks === undefined || ticks < 0n ? undefined : Number(ticks / 10_000n);
  }

  /**
   * A count that moves with every observation: what `dropUnlisted` takes as the moment a room list
   * was asked for (the recorder's clock, which observations carry, may differ from this machine's).
   */
  get observations(): number {
    return this.#observations;
  }

  /**
   * Drops the rooms a recorder's whole room list no longer has: they were removed from the
   * recorder. `askedAt` is `observations` when the list was asked for: a room observed since
   * stays (it may have been added meanwhile). Returns how many went.
   */
  dropUnlisted(listed: ReadonlySet<number>, askedAt: number): number {
    let dropped = 0;
    for (const [roomId, entry] of this.#rooms) {
      if (listed.has(roomId) || entry.observedAs > askedAt) continue;
      this.#rooms.delete(roomId);
      dropped += 1;
    }
    if (dropped > 0) this.#version += 1;
    return dropped;
  }

  /** One room, if known. */
  get(roomId: number): RoomState | undefined {
    const entry = this.#rooms.get(roomId);
    return entry ? { ...entry.state } : undefined;
  }

  /** All rooms, ordered by room id. */
  list(): RoomState[] {
    return [...this.#rooms.values()]
      .map((e) => ({ ...e.state }))
      .sort((a, b) => a.roomId - b.roomId);
  }

  #entry(roomId: number): RoomEntry {
    let entry = this.#rooms.get(roomId);
    if (!entry) {
      this.#version += 1;
      entry = {
        state: {
          roomId,
          shortId: 0,
          name: String(roomId),
          title: '',
          areaNameParent: '',
          areaNameChild: '',
          streaming: false,
          recording: false,
          danmakuConnected: false,
          updatedAt: 0,
          ...(this.#recorderId !== undefined ? { recorderId: this.#recorderId } : {}),
        },
        fieldTicks: new Map(),
        live: unknownEpisode(),
        recording: unknownEpisode(),
        liveSeen: -1n,
        observedAs: 0,
      };
      this.#rooms.set(roomId, entry);
      this.#prune();
    }
    return entry;
  }

  // Past ROOMS_KEPT (plus slack), the rooms first seen longest ago go, live or recording ones
  // kept: their end must still be derived. A room the recorder still lists comes back with the
  // next poll.
  #prune(): void {
    const dropped = pruneOldest(
      this.#rooms,
      ROOMS_KEPT,
      slackFor(ROOMS_KEPT),
      (entry) => entry.state.streaming || entry.state.recording,
    );
    if (dropped > 0) this.#version += 1;
  }
}

/** The fields of a room a user sees in lists and the tray: a change of one moves `version`. */
const SHOWN_FIELDS: ReadonlySet<string> = new Set<keyof RoomState>([
  'shortId',
  'name',
  'title',
  'areaNameParent',
  'areaNameChild',
  'streaming',
  'recording',
  'danmakuConnected',
]);

// A room's live and recording flags, each an episode: applied in the order of the observations'
// own times, whatever order they arrive in (the registry's rule for every field).

/** Whether a room is on (live / recording) as far as the app knows. */
export type EpisodeState = 'unknown' | 'on' | 'off';

/** A room's on/off flag with the time of the observation that set it. */
export interface Episode {
  state: EpisodeState;
  /** Time of the newest observation that changed or confirmed the state, in 100 ns ticks. */
  since: bigint;
}

/** A fresh episode that knows nothing. */
export function unknownEpisode(): Episode {
  return { state: 'unknown', since: -1n };
}

/**
 * Applies an on/off observation made at `ticks`. Returns the new episode and whether it was a
 * transition. Older observations than the one that set the state are ignored, which is what makes
 * the result independent of arrival order; a repeated "on" is not a new transition.
 */
export function observeEpisode(
  episode: Episode,
  on: boolean,
  ticks: bigint,
): { episode: Episode; changed: boolean } {
  if (ticks < episode.since) return { episode, changed: false };
  const state: EpisodeState = on ? 'on' : 'off';
  if (episode.state === state) {
    return {
      episode: { state, since: ticks > episode.since ? ticks : episode.since },
      changed: false,
    };
  }
  return { episode: { state, since: ticks }, changed: true };
}
