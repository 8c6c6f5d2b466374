import type { FileRecord, RoomState } from '../../shared/model';
import { timestampTicks } from '../../shared/recorder/timestamp';
import type {
  CommonEventData,
  FileClosedData,
  FileOpeningData,
  RecorderWebhook,
  SessionEventData,
  WebhookV1Body,
} from '../../shared/recorder/webhook';
import { platformOfBody } from '../../shared/platforms';
import { DEFAULT_RECORDER_ID } from '../../shared/settings';
import { FileLedger } from './file-ledger';
import type { Happening, ObservationSource } from './happening';
import {
  RoomRegistry,
  type RoomFields,
  type RoomObservation,
  type RoomTransitions,
} from './room-registry';

/**
 * The recorder as the app knows it (rooms, sessions, files), built from webhooks and polls.
 * Every method returns the happenings an input revealed, each exactly once whatever the order.
 */
export class RecorderState {
  /** The recorder (settings `recorders[].id`) whose rooms, sessions and files these are. */
  readonly recorderId: string;
  readonly rooms: RoomRegistry;
  readonly files: FileLedger;

  constructor(recorderId: string = DEFAULT_RECORDER_ID) {
    this.recorderId = recorderId;
    this.rooms = new RoomRegistry(recorderId);
    this.files = new FileLedger(recorderId);
  }

  /**
   * Remembers files already listed as finished (the Files list at start-up), so that a late V1 or
   * V2 report of one is not a new file: the compacted journal may no longer hold its first report.
   */
  rememberFinished(files: readonly FileRecord[]): void {
    for (const file of files) this.files.record({ ...file, finished: true });
  }

  /** Applies one accepted (already deduplicated) webhook. */
  applyWebhook(
    webhook: RecorderWebhook,
    source: ObservationSource = 'webhook',
    receivedAt?: number,
  ): Happening[] {
    const ticks = clampToReceipt(timestampTicks(webhook.timestamp), receivedAt);
    const at = Number(ticks / 10_000n);
    switch (webhook.type) {
      case 'unknown':
        return [];
      case 'FileClosedV1':
        return this.#fileClosedV1(webhook.data, source, ticks, at);
      case 'StreamStarted':
      case 'StreamEnded': {
        const observation = commonObservation(webhook.data, ticks, at);
        observation.live = webhook.type === 'StreamStarted';
        const observed = this.rooms.observe(observation);
        return this.#transitions(observed.room, observed.transitions, {
          source,
          at,
          explicit: webhook.type,
        });
      }
      case 'RoomChanged': {
        // Fields only: neither live nor recording is told by a room change.
        const observed = this.rooms.observe(commonObservation(webhook.data, ticks, at, false));
        return this.#transitions(observed.room, observed.transitions, { source, at });
      }
      case 'SessionStarted':
      case 'SessionEnded':
        return this.#session(webhook.type, webhook.data, source, ticks, at);
      case 'FileOpening':
        return this.#fileEvent(webhook.data, undefined, source, ticks, at);
      case 'FileClosed':
        return this.#fileEvent(webhook.data, webhook.data, source, ticks, at);
    }
  }

  #fileClosedV1(
    d: WebhookV1Body,
    source: ObservationSource,
    ticks: bigint,
    at: number,
  ): Happening[] {
    const { room } = this.rooms.observe({
      roomId: d.RoomId,
      ticks,
      at,
      fields: { name: d.Name, title: d.Title, ...platformOfBody(d) },
    });
    return this.#file(room, source, at, {
      roomId: d.RoomId,
      relativePath: d.RelativePath,
      name: d.Name,
      title: d.Title,
      fileSize: d.FileSize,
      openedAt: d.StartRecordTime,
      closedAt: d.EndRecordTime,
      finished: true,
    });
  }

  #session(
    type: 'SessionStarted' | 'SessionEnded',
    data: SessionEventData,
    source: ObservationSource,
    ticks: bigint,
    at: number,
  ): Happening[] {
    const sessionId = data.SessionId.toLowerCase();
    if (type === 'SessionStarted') this.files.startSession(sessionId);
    else this.files.endSession(sessionId);
    // A late SessionStarted of a session that already ended must not turn recording back on.
    const recording = type === 'SessionStarted' && !this.files.isSessionEnded(sessionId);
    const observation = commonObservation(data, ticks, at);
    observation.recording = recording;
    const observed = this.rooms.observe(observation);
    return this.#transitions(observed.room, observed.transitions, {
      source,
      at,
      sessionId,
      explicit: type,
    });
  }

  /** FileOpening (`closed` undefined) or FileClosed (`closed` its data). */
  #fileEvent(
    d: FileOpeningData,
    closed: FileClosedData | undefined,
    source: ObservationSource,
    ticks: bigint,
    at: number,
  ): Happening[] {
    const sessionId = d.SessionId.toLowerCase();
    // Recording is told by the session events; a file event's flag can race its SessionEnded.
    const observed = this.rooms.observe(commonObservation(d, ticks, at, false));
    const out = this.#transitions(observed.room, observed.transitions, { source, at, sessionId });
    return out.concat(
      this.#file(observed.room, source, at, {
        roomId: d.RoomId,
        sessionId,
        relativePath: d.RelativePath,
        name: d.Name,
        title: d.Title,
        openedAt: d.FileOpenTime,
        fileSize: closed?.FileSize,
        durationSeconds: closed?.Duration,
        closedAt: closed?.FileCloseTime,
        finished: closed !== undefined,
      }),
    );
  }

  /** Applies a poll's view of its rooms at local time `at`; `baseline` marks a first look. */
  applyPoll(
    rooms: readonly Omit<RoomState, 'updatedAt'>[],
    at: number,
    baseline: boolean,
  ): Happening[] {
    const ticks = BigInt(at) * 10_000n; // one instant for the whole poll, not a BigInt per room
    const how = { source: 'poll', at, baseline } as const;
    const out: Happening[] = [];
    for (const fields of rooms) {
      // The room goes in as it is, not copied without its roomId: a rest-and-spread copy per room
      // made this merge cost eight times as much (bench:poll, issue 21).
      const observed = this.rooms.observe({
        roomId: fields.roomId,
        ticks,
        at,
        fields,
        live: fields.streaming,
        recording: fields.recording,
      });
      for (const happening of this.#transitions(observed.room, observed.transitions, how))
        out.push(happening);
    }
    return out;
  }

  #file(
    room: RoomState,
    source: ObservationSource,
    at: number,
    facts: Parameters<FileLedger['record']>[0],
  ): Happening[] {
    const { file, justFinished } = this.files.record(facts);
    return justFinished ? [fileHappening(room, file, source, at)] : [];
  }

  /**
   * Turns episode transitions into happenings. A go-live or recording start seen for the first
   * time by a poll is a baseline (not news); an end is news only after a known start, or when the
   * recorder's own StreamEnded / SessionEnded says so.
   */
  #transitions(room: RoomState, transitions: RoomTransitions, how: TransitionContext): Happening[] {
    const out: Happening[] = [];
    if (!transitions.live && !transitions.recording) return out; // most events change neither
    const { source, at, sessionId, explicit, baseline = false } = how;
    const base = {
      roomId: room.roomId,
      recorderId: this.recorderId,
      at,
      room,
      source,
      ...(sessionId ? { sessionId } : {}),
    };
    const firstLook = (from: string) => baseline || (from === 'unknown' && source === 'poll');
    const live = transitions.live;
    if (live?.to === 'on')
      out.push({
        kind: 'StreamStarted',
        ...base,
        ...(firstLook(live.from) ? { baseline: true } : {}),
      });
    if (live?.to === 'off' && (live.from === 'on' || explicit === 'StreamEnded')) {
      out.push({ kind: 'StreamEnded', ...base });
    }
    const rec = transitions.recording;
    if (rec?.to === 'on')
      out.push({
        kind: 'SessionStarted',
        ...base,
        ...(firstLook(rec.from) ? { baseline: true } : {}),
      });
    if (rec?.to === 'off' && (rec.from === 'on' || explicit === 'SessionEnded'))
      out.push({ kind: 'SessionEnded', ...base });
    return out;
  }
}

interface TransitionContext {
  source: ObservationSource;
  at: number;
  sessionId?: string;
  /** The recorder event that made the observation, when it names the transition itself. */
  explicit?: 'StreamStarted' | 'StreamEnded' | 'SessionStarted' | 'SessionEnded';
  baseline?: boolean;
}

function fileHappening(
  room: RoomState,
  file: FileRecord,
  source: ObservationSource,
  at: number,
): Happening {
  return {
    kind: 'FileClosed',
    roomId: room.roomId,
    ...(file.recorderId !== undefined ? { recorderId: file.recorderId } : {}),
    at,
    room,
    source,
    file,
    ...(file.sessionId ? { sessionId: file.sessionId } : {}),
  };
}

/**
 * Room fields common to every V2 event; a false flag is an authoritative "off" observation.
 * `withRecording` false leaves the recording flag out (built without it, not deleted after:
 * deleting turns the objects slow for every later read).
 */
function commonObservation(
  d: CommonEventData,
  ticks: bigint,
  at: number,
  withRecording = true,
): RoomObservation {
  const fields: RoomFields = {
    shortId: d.ShortId,
    name: d.Name,
    title: d.Title,
    areaNameParent: d.AreaNameParent,
    areaNameChild: d.AreaNameChild,
    streaming: d.Streaming,
    danmakuConnected: d.DanmakuConnected,
  };
  if (withRecording) fields.recording = d.Recording;
  if (d.Platform !== undefined) Object.assign(fields, platformOfBody(d));
  const observation: RoomObservation = { roomId: d.RoomId, ticks, at, fields };
  if (d.Streaming === false) observation.live = false;
  if (withRecording && d.Recording === false) observation.recording = false;
  return observation;
}

/** How far ahead of its receipt a webhook's own time is believed (the recorder's clock may run ahead). */
export const MAX_CLOCK_AHEAD_MS = 5 * 60_000;

/**
 * A webhook's time, but never later than a few minutes after it arrived: newest-wins compares it
 * with polls stamped by this machine's clock, and one event from a wildly wrong clock (or a
 * hand-written 2099) must not freeze a room until that date.
 */
export function clampToReceipt(ticks: bigint, receivedAt: number | undefined): bigint {
  if (receivedAt === undefined) return ticks;
  const limit = BigInt(receivedAt + MAX_CLOCK_AHEAD_MS) * 10_000n;
  return ticks > limit ? limit : ticks;
}
