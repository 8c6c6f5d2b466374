import { randomUUID } from 'node:crypto';
import { formatRecorderTimestamp } from '../../../shared/recorder/timestamp';
import { double } from './recorder-json';

/** One file being written. */
export interface FakeFile {
  relativePath: string;
  /** Epoch ms. */
  openedAt: number;
  /** The FileOpenTime string sent in webhooks, kept so FileClosed repeats it byte for byte. */
  openedAtText: string;
}

/** A room of the fake recorder: its flags, and the session and file while recording. */
export interface FakeRoom {
  objectId: string;
  roomId: number;
  shortId: number;
  uid: number;
  name: string;
  title: string;
  areaNameParent: string;
  areaNameChild: string;
  autoRecord: boolean;
  streaming: boolean;
  recording: boolean;
  danmakuConnected: boolean;
  sessionId: string | null;
  /** Epoch ms of SessionStarted. */
  sessionStartedAt: number | null;
  file: FakeFile | null;
  /** Stream bit rate, bytes per second. */
  bytesPerSecond: number;
  streamHost: string;
  /** Guardian scenarios: input bytes stop growing from this epoch ms (a stalled recording). */
  inputFrozenAt?: number;
  /** Guardian scenarios: the durationRatio reported while recording (default ≈ 1.0). */
  durationRatio?: number;
}

/** Every room starts idle: not live, not recording, the danmaku connection up. */
export const IDLE = {
  streaming: false,
  recording: false,
  danmakuConnected: true,
  sessionId: null,
  sessionStartedAt: null,
  file: null,
} as const satisfies Partial<FakeRoom>;

/** The room every fake recorder has: 23058, short id 3, "3号直播间" (the recorder's docs use it too). */
export const ROOM_3: Readonly<Omit<FakeRoom, 'objectId'>> = {
  roomId: 23058,
  shortId: 3,
  uid: 11153765,
  name: '3号直播间',
  title: '哔哩哔哩音悦台',
  areaNameParent: '电台',
  areaNameChild: '唱见电台',
  autoRecord: true,
  ...IDLE,
  bytesPerSecond: 475_648,
  streamHost: 'cn-gddg-ct-01-09.bilivideo.com',
};

const NAME_HEADS = ['小', '阿', '白', '夜', '星', '雪', '糖', '七', '月', '云', '鹿', '桃'];
const NAME_TAILS = ['猫', '鱼', '兔', '狐', '柚', '铃', '音', '汐', '葵', '梨', '莓', '璃'];
const NAME_ENDS = ['酱', '子', 'Official', '_', '不睡觉', '在摸鱼', '', 'の窝'];
const TITLES = [
  '晚上好~杂谈',
  '摸鱼中',
  '【歌回】点歌',
  '原神启动',
  '深夜电台 🎧',
  '新人主播求关注',
  '崩铁启动',
  '画画直播',
  '赢一把就下播',
  '聊天室：今天吃什么',
];
const AREAS: readonly (readonly [string, string])[] = [
  ['电台', '唱见电台'],
  ['虚拟主播', '虚拟日常'],
  ['网游', '原神'],
  ['手游', '王者荣耀'],
  ['生活', '日常'],
  ['娱乐', '聊天室'],
  ['单机游戏', '我的世界'],
];
const HOSTS = [
  'cn-gddg-ct-01-09.bilivideo.com',
  'cn-zjhz-cm-02-11.bilivideo.com',
  'cn-bj-cu-01-03.bilivideo.com',
];

/** A fixed-seed generator (mulberry32): the same --rooms N gives the same rooms on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `count` rooms: 23058 first, then generated ones with Chinese names and titles (every fifth with a short id). */
export function generateRooms(count: number): FakeRoom[] {
  const rooms: FakeRoom[] = [];
  if (count <= 0) return rooms;
  rooms.push({ ...ROOM_3, objectId: randomUUID() });
  const random = seededRandom(20240317);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  for (let i = 1; i < count; i++) {
    const [areaNameParent, areaNameChild] = pick(AREAS);
    rooms.push({
      objectId: randomUUID(),
      roomId: 21_452_505 + i * 7_919,
      shortId: i % 5 === 0 ? 100 + i : 0,
      uid: 434_334_701 + i * 131,
      name: `${pick(NAME_HEADS)}${pick(NAME_TAILS)}${pick(NAME_ENDS)}`,
      title: pick(TITLES),
      areaNameParent,
      areaNameChild,
      // The first generated room records, so that the script has a second room to take live.
      autoRecord: i === 1 || random() < 0.7,
      ...IDLE,
      bytesPerSecond: 250_000 + Math.floor(random() * 500_000),
      streamHost: pick(HOSTS),
    });
  }
  return rooms;
}

/** Finds a room as the recorder does: by short id or long id; 0 is the first room without a short id. */
export function findRoom(rooms: readonly FakeRoom[], id: number): FakeRoom | undefined {
  return rooms.find((room) => room.shortId === id || room.roomId === id);
}

const NONE_TIME = '0001-01-01T00:00:00+00:00';
// REST times come from the server's own clock in UTC (the Docker image) with 7 fractional digits.
const restTime = (ms: number) => formatRecorderTimestamp(ms, 0, 5834);

/** `recordingStats` as the recorder writes it; all zero and `"NaN"` when not recording. */
export function restRecordingStats(room: FakeRoom, now: number): Record<string, unknown> {
  const sessionMs =
    room.recording && room.sessionStartedAt !== null ? Math.max(0, now - room.sessionStartedAt) : 0;
  const fileMs = room.recording && room.file ? Math.max(0, now - room.file.openedAt) : 0;
  const bps = room.bytesPerSecond;
  // A stalled recording: the session goes on, its input bytes do not.
  const inputMs =
    room.inputFrozenAt !== undefined && room.sessionStartedAt !== null
      ? Math.min(sessionMs, Math.max(0, room.inputFrozenAt - room.sessionStartedAt))
      : sessionMs;
  const inputBytes = Math.floor((bps * inputMs) / 1000);
  const outputBytes = Math.max(0, inputBytes - 132_454);
  const active = sessionMs > 0;
  return {
    sessionDuration: double(active ? sessionMs + 0.4567 : 0),
    totalInputBytes: inputBytes,
    totalOutputBytes: outputBytes,
    currentFileSize: Math.floor((bps * fileMs) / 1000),
    sessionMaxTimestamp: Math.max(0, sessionMs - 2003),
    fileMaxTimestamp: Math.max(0, fileMs - 2003),
    addedDuration: double(active ? 2002 : 0),
    passedTime: double(active ? 2001.5432 : 0),
    durationRatio: double(room.recording ? (room.durationRatio ?? 1.000228223902437) : NaN),
    inputVideoBytes: active ? Math.floor(bps * 1.93) : 0,
    inputAudioBytes: active ? 32_768 : 0,
    outputVideoFrames: active ? 60 : 0,
    outputAudioFrames: active ? 94 : 0,
    outputVideoBytes: active ? Math.floor(bps * 1.93) - 73 : 0,
    outputAudioBytes: active ? 32_768 : 0,
    totalInputVideoBytes: Math.floor(inputBytes * 0.9666),
    totalInputAudioBytes: inputBytes - Math.floor(inputBytes * 0.9666),
    totalOutputVideoFrames: Math.floor(sessionMs * 0.03),
    totalOutputAudioFrames: Math.floor(sessionMs * 0.0469),
    totalOutputVideoBytes: Math.floor(outputBytes * 0.9666),
    totalOutputAudioBytes: outputBytes - Math.floor(outputBytes * 0.9666),
  };
}

/** `ioStats` as the recorder writes it; `streamHost` null and year-0001 times when idle. */
export function restIoStats(room: FakeRoom, now: number): Record<string, unknown> {
  if (!room.recording) {
    return {
      streamHost: null,
      startTime: NONE_TIME,
      endTime: NONE_TIME,
      duration: double(0),
      networkBytesDownloaded: 0,
      networkMbps: double(0),
      diskWriteDuration: double(0),
      diskBytesWritten: 0,
      diskMBps: double(0),
    };
  }
  const bytes = room.bytesPerSecond * 2;
  return {
    streamHost: room.streamHost,
    startTime: restTime(now - 2000),
    endTime: restTime(now),
    duration: double(2000.5263),
    networkBytesDownloaded: bytes,
    networkMbps: double((bytes * 8) / 1_048_576 / 2.0005263),
    diskWriteDuration: double(1.7352),
    diskBytesWritten: bytes - 1097,
    diskMBps: double((bytes - 1097) / 1_048_576 / 0.0017352),
  };
}

/** A room as `GET /api/room/{id}` writes it (recorder 2.11.1 field order). */
export function restRoom(room: FakeRoom, now: number): Record<string, unknown> {
  return {
    objectId: room.objectId,
    roomId: room.roomId,
    autoRecord: room.autoRecord,
    shortId: room.shortId,
    name: room.name,
    uid: room.uid,
    title: room.title,
    areaNameParent: room.areaNameParent,
    areaNameChild: room.areaNameChild,
    recording: room.recording,
    streaming: room.streaming,
    danmakuConnected: room.danmakuConnected,
    autoRecordForThisSession: true,
    recordingStats: restRecordingStats(room, now),
    ioStats: restIoStats(room, now),
  };
}

/** `GET /api/room/{id}/config` (the fixture's shape: room-level overrides, mostly unset). */
export function restRoomConfig(room: FakeRoom): Record<string, unknown> {
  const unset = (value: unknown) => ({ hasValue: false, value });
  return {
    autoRecord: room.autoRecord,
    optionalRecordMode: unset(0),
    optionalCuttingMode: unset(0),
    optionalCuttingNumber: unset(0),
    optionalCuttingByTitle: unset(false),
    optionalRecordDanmaku: { hasValue: true, value: true },
    optionalRecordDanmakuRaw: unset(false),
    optionalRecordDanmakuSuperChat: unset(false),
    optionalRecordDanmakuGift: unset(false),
    optionalRecordDanmakuGuard: unset(false),
    optionalSaveStreamCover: unset(false),
    optionalRecordingQuality: unset(null),
    optionalFlvProcessorSplitOnScriptTag: unset(false),
  };
}

/** The fake's version, 2.11.1, as `GET /api/version` writes it (every value a string). */
export const FAKE_VERSION = '2.11.1';

/** `GET /api/version`. */
export function restVersion(): Record<string, string> {
  return {
    major: '2',
    minor: '11',
    patch: '1',
    preReleaseTag: '',
    preReleaseTagWithDash: '',
    preReleaseLabel: '',
    preReleaseLabelWithDash: '',
    preReleaseNumber: '',
    weightedPreReleaseNumber: '60000',
    buildMetaData: '',
    fullBuildMetaData: 'Branch.main.Sha.0000000000000000000000000000000000000000',
    majorMinorPatch: '2.11.1',
    semVer: '2.11.1',
    assemblySemVer: '2.11.1.0',
    assemblySemFileVer: '2.11.1.0',
    fullSemVer: '2.11.1',
    informationalVersion: '2.11.1+Branch.main.Sha.0000000000000000000000000000000000000000',
    branchName: 'main',
    escapedBranchName: 'main',
    sha: '0000000000000000000000000000000000000000',
    shortSha: '0000000',
    versionSourceSha: '0000000000000000000000000000000000000000',
    commitsSinceVersionSource: '0',
    uncommittedChanges: '0',
    commitDate: '2024-03-17',
  };
}
