import * as z from 'zod';
import { RecorderTimestamp, isNoneTimestamp } from './timestamp';
import { RoomNumber } from './webhook';

// The recorder (Newtonsoft.Json) writes non-finite doubles as strings: `durationRatio` is "NaN"
// whenever a room is not recording, `ioStats.diskMBps` can be "Infinity" (docs/recorder.md, "REST API").
type NonFinite = 'NaN' | 'Infinity' | '-Infinity';

const NON_FINITE: ReadonlySet<unknown> = new Set<NonFinite>(['NaN', 'Infinity', '-Infinity']);

// One transform that checks and converts, instead of `z.union([...]).transform(...)` (a 1,000-room
// list has ~35,000 number fields; the union measured about 1.5x slower) or a check then a
// transform (two calls a field, the most of a poll's calls).
/** A number field as the recorder writes it (`number | "NaN" | "Infinity" | "-Infinity"`), parsed to a JS number. */
export const RestNumber = z.unknown().transform((v, ctx): number => {
  if (typeof v === 'number') return v;
  if (NON_FINITE.has(v)) return Number(v);
  ctx.issues.push({
    code: 'custom',
    message: 'expected a number or "NaN", "Infinity", "-Infinity"',
    input: v,
  });
  return z.NEVER;
});

/** A time as the recorder writes it; year 0001 (its "no time") becomes `null`. */
export const RestTime = RecorderTimestamp.nullable().transform((t) =>
  t === null || isNoneTimestamp(t) ? null : t,
);

// C# `string?` fields are written as `null` by old recorders and for rooms not yet refreshed.
const RestText = z
  .string()
  .nullish()
  .transform((v) => v ?? '');

/** `recordingStats` of a room (also the body of `GET /api/room/{id}/stats`); durations in ms. */
export const RecordingStats = z.looseObject({
  sessionDuration: RestNumber, // ms
  totalInputBytes: RestNumber,
  totalOutputBytes: RestNumber,
  currentFileSize: RestNumber, // bytes
  sessionMaxTimestamp: RestNumber, // ms of media
  fileMaxTimestamp: RestNumber, // ms of media
  addedDuration: RestNumber, // ms
  passedTime: RestNumber, // ms
  durationRatio: RestNumber, // ≈ 1.0 healthy; NaN when not recording
  inputVideoBytes: RestNumber,
  inputAudioBytes: RestNumber,
  outputVideoFrames: RestNumber,
  outputAudioFrames: RestNumber,
  outputVideoBytes: RestNumber,
  outputAudioBytes: RestNumber,
  totalInputVideoBytes: RestNumber,
  totalInputAudioBytes: RestNumber,
  totalOutputVideoFrames: RestNumber,
  totalOutputAudioFrames: RestNumber,
  totalOutputVideoBytes: RestNumber,
  totalOutputAudioBytes: RestNumber,
});
/** Parsed recording statistics (non-finite strings already turned into numbers). */
export type RecordingStats = z.infer<typeof RecordingStats>;

/** `ioStats` of a room (also `GET /api/room/{id}/ioStats`); `streamHost` exists from 2.1.0, null when idle. */
export const IoStats = z.looseObject({
  streamHost: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  startTime: RestTime,
  endTime: RestTime,
  duration: RestNumber, // ms
  networkBytesDownloaded: RestNumber,
  networkMbps: RestNumber, // mebibits/s
  diskWriteDuration: RestNumber, // ms
  diskBytesWritten: RestNumber,
  diskMBps: RestNumber, // mebibytes/s; can be "NaN" or "Infinity"
});
/** Parsed I/O statistics. */
export type IoStats = z.infer<typeof IoStats>;

/**
 * A room of `GET /api/room` or `GET /api/room/{id}`. `uid` exists from 2.8.0; the two stats objects
 * are missing from 2.0.x. `objectId` is regenerated at every recorder restart: never store it.
 */
export const RestRoom = z.looseObject({
  objectId: z.string().optional(),
  roomId: RoomNumber,
  autoRecord: z.boolean(),
  shortId: RoomNumber.default(0),
  name: RestText,
  uid: z.number().optional(),
  title: RestText,
  areaNameParent: RestText,
  areaNameChild: RestText,
  recording: z.boolean(),
  streaming: z.boolean(),
  danmakuConnected: z.boolean(),
  autoRecordForThisSession: z.boolean().optional(),
  recordingStats: RecordingStats.optional(),
  ioStats: IoStats.optional(),
});
/** A parsed REST room. */
export type RestRoom = z.infer<typeof RestRoom>;

/**
 * A room of the poll's `GET /api/room`: RestRoom with only the statistics toPolledRoom reads
 * checked; the others pass through unread (a poll checked 28 numbers a room and used 7, and a
 * field the app never shows made the room unreadable).
 */
export const PolledRestRoom = RestRoom.extend({
  recordingStats: RecordingStats.pick({
    sessionDuration: true,
    currentFileSize: true,
    durationRatio: true,
    totalInputBytes: true,
  }).optional(),
  ioStats: IoStats.pick({ duration: true, networkMbps: true, diskBytesWritten: true }).optional(),
});
/** A room of the poll's list. */
export type PolledRestRoom = z.infer<typeof PolledRestRoom>;

/** The body of `GET /api/room`, as the poll reads it. */
export const RestRoomList = z.array(PolledRestRoom);
/** A parsed room list. */
export type RestRoomList = z.infer<typeof RestRoomList>;

/** The body of `GET /api/version`: every value is a string; `fullSemVer` is the one to display. */
export const RestVersion = z.looseObject({
  major: z.string().optional(),
  minor: z.string().optional(),
  patch: z.string().optional(),
  semVer: z.string().optional(),
  fullSemVer: z.string(),
  informationalVersion: z.string().optional(),
  sha: z.string().optional(),
});
/** A parsed version body. */
export type RestVersion = z.infer<typeof RestVersion>;

/** `GET /api/room/{id}/config`: `autoRecord` and `optional…` overrides as `{hasValue, value}`. */
export const RestRoomConfig = z.looseObject({
  autoRecord: z.boolean(),
});
/** A parsed room config. */
export type RestRoomConfig = z.infer<typeof RestRoomConfig>;

/** The recorder's error codes seen on the wire. */
export const REST_ERROR_CODE = { roomIdOutOfRange: -2, roomNotFound: -4 } as const;

/** An error body such as `{"code":-4,"message":"Room not found"}`. */
export const RestError = z.looseObject({
  code: z.union([z.number(), z.string()]),
  message: z.string().optional(),
});
/** A parsed error body. */
export type RestError = z.infer<typeof RestError>;

/** Live statistics of a polled room, in the units of docs/recorder.md, "REST API". */
export const PolledRoomStats = z.object({
  sessionDurationMs: z.number(),
  currentFileSize: z.number(), // bytes
  networkMbps: z.number(), // mebibits/s
  durationRatio: z.number().nullable(), // null: not recording ("NaN") or otherwise not finite
  /** The session's input bytes so far (the guardian sees a stalled recording by them). */
  inputBytes: z.number().optional(),
  /** Disk write rate of the last I/O interval, bytes/s (the guardian's disk runway). */
  writeBytesPerSecond: z.number().optional(),
});
/** Live statistics of a polled room. */
export type PolledRoomStats = z.infer<typeof PolledRoomStats>;

/** One room as the core sees it after a poll: plain, compact, every number finite. */
export const PolledRoom = z.object({
  roomId: z.number(),
  shortId: z.number(),
  name: z.string(),
  title: z.string(),
  areaNameParent: z.string(),
  areaNameChild: z.string(),
  streaming: z.boolean(),
  recording: z.boolean(),
  danmakuConnected: z.boolean(),
  autoRecord: z.boolean(),
  /** Absent only when the recorder sent no `recordingStats` (2.0.x). */
  stats: PolledRoomStats.optional(),
});
/** A polled room. */
export type PolledRoom = z.infer<typeof PolledRoom>;

const finiteOr = (value: number | undefined, fallback: number): number =>
  value !== undefined && Number.isFinite(value) ? value : fallback;

// ioStats cover the recorder's last I/O interval: bytes written over that interval's duration (ms).
function writeRate(io: PolledRestRoom['ioStats']): number {
  if (!io || !(io.duration > 0)) return 0;
  const rate = (io.diskBytesWritten * 1000) / io.duration;
  return Number.isFinite(rate) ? rate : 0;
}

/** Turns a parsed REST room into the compact observation the core merges. */
export function toPolledRoom(room: PolledRestRoom): PolledRoom {
  const polled: PolledRoom = {
    roomId: room.roomId,
    shortId: room.shortId,
    name: room.name,
    title: room.title,
    areaNameParent: room.areaNameParent,
    areaNameChild: room.areaNameChild,
    streaming: room.streaming,
    recording: room.recording,
    danmakuConnected: room.danmakuConnected,
    autoRecord: room.autoRecord,
  };
  const rs = room.recordingStats;
  if (rs) {
    const ratio = rs.durationRatio;
    polled.stats = {
      sessionDurationMs: finiteOr(rs.sessionDuration, 0),
      currentFileSize: finiteOr(rs.currentFileSize, 0),
      networkMbps: finiteOr(room.ioStats?.networkMbps, 0),
      durationRatio: Number.isFinite(ratio) ? ratio : null,
      inputBytes: finiteOr(rs.totalInputBytes, 0),
      writeBytesPerSecond: writeRate(room.ioStats),
    };
  }
  return polled;
}

/**
 * One entry of the recorder's log (Serilog compact JSON): `@t` time, `@l` level (absent for
 * Information), `@mt` message template, `@x` exception, then properties such as `RoomId`.
 */
export const RecorderLogEntry = z.looseObject({
  '@t': z.string().optional(),
  '@l': z.string().optional(),
  '@mt': z.string().optional(),
  '@x': z.string().optional(),
  RoomId: z.number().optional(),
});
/** A parsed log entry. */
export type RecorderLogEntry = z.infer<typeof RecorderLogEntry>;

/**
 * The body of `GET /api/log/fetch?after=<cursor>`: the newest 100 entries (raw JSON objects),
 * `cursor` the newest entry's id, `continuous` false when entries were missed. Entries are checked
 * one by one by the reader, so one odd entry does not hide the others.
 */
export const RecorderLogFetch = z.looseObject({
  continuous: z.boolean(),
  cursor: z.number(),
  logs: z.array(z.unknown()),
});
/** A parsed log fetch. */
export type RecorderLogFetch = z.infer<typeof RecorderLogFetch>;
