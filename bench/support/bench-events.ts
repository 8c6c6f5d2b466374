import { randomUUID } from 'node:crypto';
import { formatRecorderTimestamp } from '../../shared/recorder/timestamp';
import { relativePathFor } from '../../test/fakes/fake-recorder/events';

// Names and titles as streamers write them: Chinese, sometimes with symbols, of varied length,
// so that bodies are the size of the recorder's (a FileClosed of a real room is 0.6–1 KB).
const NAMES = [
  '3号直播间',
  '哔哩哔哩音悦台',
  '小鹿乱撞の夜',
  '阿梓从小就很可爱',
  '七海Nana7mi',
  '嘉然今天吃什么',
  '某科学的电台',
  '深夜食堂·杂谈',
];
const TITLES = [
  '【歌回】今晚唱到你们睡着为止～点歌请发弹幕',
  '杂谈：聊聊最近看的番和新买的键盘',
  '【单机】艾尔登法环 全成就挑战 第十七天',
  '周末电台｜陪你写作业、陪你加班、陪你发呆',
  '哔哩哔哩音悦台',
  '新年快乐！抽奖+感谢舰长+唱歌，一直播到凌晨三点',
  '【合作】和朋友们一起玩《动物派对》输了要女装',
  '今天也要开心',
];
const AREAS: [string, string][] = [
  ['电台', '唱见电台'],
  ['虚拟主播', '虚拟日常'],
  ['单机游戏', '主机游戏'],
  ['娱乐', '视频唱见'],
];

const FILES_PER_SESSION = 3;
const FILE_SECONDS = 1800;
const ROOM_COUNT = 40;

/** The room numbers of a stream of `roomCount` rooms (the bench's fake live API knows them). */
export function benchRoomIds(roomCount = ROOM_COUNT): number[] {
  return Array.from({ length: roomCount }, (_, i) => 21_000_000 + i * 7919);
}

interface RoomCursor {
  roomId: number;
  shortId: number;
  name: string;
  title: string;
  area: [string, string];
  /** Epoch ms of the room's own clock; events of one room are in time order. */
  at: number;
  /** Position in the room's event cycle (see `#next`). */
  step: number;
  sessionId: string;
  fileIndex: number;
  fileOpenedAt: number;
  relativePath: string;
}

/**
 * An endless, deterministic-shaped stream of recorder webhook bodies: many rooms, each going
 * live, recording a session of three files (FileOpening, FileClosed and its V1 each), then
 * ending; rooms interleaved. Every body has a fresh EventId / EventRandomId and a unique file
 * path, so nothing is a duplicate and every FileClosed is a real "file finished".
 */
export class BenchEventStream {
  readonly #rooms: RoomCursor[];
  #turn = 0;

  constructor(roomCount = ROOM_COUNT, startMs = Date.now() - 90 * 24 * 3600_000) {
    this.#rooms = benchRoomIds(roomCount).map((roomId, i) => ({
      roomId,
      shortId: i % 5 === 0 ? 100 + i : 0,
      name: NAMES[i % NAMES.length]!,
      title: TITLES[(i * 3) % TITLES.length]!,
      area: AREAS[i % AREAS.length]!,
      at: startMs + i * 1000,
      step: 0,
      sessionId: '',
      fileIndex: 0,
      fileOpenedAt: 0,
      relativePath: '',
    }));
  }

  /** The next body, as the bytes the recorder would POST. */
  nextBody(): Buffer {
    const room = this.#rooms[this.#turn % this.#rooms.length]!;
    this.#turn += 1;
    return Buffer.from(JSON.stringify(this.#next(room)), 'utf8');
  }

  /** `count` bodies at once (so that the timed loop does not pay for building them). */
  take(count: number): Buffer[] {
    return Array.from({ length: count }, () => this.nextBody());
  }

  // Cycle: StreamStarted, SessionStarted, 3 × (FileOpening, FileClosed, V1), StreamEnded, SessionEnded.
  #next(room: RoomCursor): Record<string, unknown> {
    const step = room.step;
    const cycleLength = 2 + FILES_PER_SESSION * 3 + 2;
    room.step = (step + 1) % cycleLength;
    if (step === 0) {
      room.at += 600_000; // off air for a while between streams
      room.title = TITLES[(TITLES.indexOf(room.title) + 1) % TITLES.length]!;
      return this.#v2('StreamStarted', room, {}, { streaming: true, recording: false });
    }
    if (step === 1) {
      room.sessionId = randomUUID();
      room.fileIndex = 0;
      room.at += 480;
      return this.#v2(
        'SessionStarted',
        room,
        { SessionId: room.sessionId },
        { streaming: true, recording: true },
      );
    }
    if (step === cycleLength - 2) {
      room.at += 150;
      return this.#v2('StreamEnded', room, {}, { streaming: false, recording: true });
    }
    if (step === cycleLength - 1) {
      room.at += 30;
      return this.#v2(
        'SessionEnded',
        room,
        { SessionId: room.sessionId },
        { streaming: false, recording: false },
      );
    }
    const phase = (step - 2) % 3;
    if (phase === 0) {
      room.at += 200;
      room.fileOpenedAt = room.at;
      room.relativePath = relativePathFor(room, room.fileOpenedAt);
      return this.#v2('FileOpening', room, this.#fileFields(room), {
        streaming: true,
        recording: true,
      });
    }
    if (phase === 1) {
      room.at += FILE_SECONDS * 1000;
      const last = room.fileIndex === FILES_PER_SESSION - 1;
      return this.#v2(
        'FileClosed',
        room,
        {
          ...this.#fileFields(room),
          FileSize: 1_873_245_190 + room.fileIndex * 4_294_967_296, // above 2^32 like long recordings
          Duration: FILE_SECONDS + 0.218,
          FileCloseTime: stamp(room.at - 2),
        },
        { streaming: !last, recording: true },
      );
    }
    room.fileIndex += 1;
    return {
      EventRandomId: randomUUID(),
      RoomId: room.roomId,
      Name: room.name,
      Title: room.title,
      RelativePath: room.relativePath,
      FileSize: 1_873_245_190 + (room.fileIndex - 1) * 4_294_967_296,
      StartRecordTime: stamp(room.fileOpenedAt),
      EndRecordTime: stamp(room.at - 2),
    };
  }

  #fileFields(room: RoomCursor): Record<string, unknown> {
    return {
      SessionId: room.sessionId,
      RelativePath: room.relativePath,
      FileOpenTime: stamp(room.fileOpenedAt),
    };
  }

  #v2(
    type: string,
    room: RoomCursor,
    own: Record<string, unknown>,
    flags: { streaming: boolean; recording: boolean },
  ) {
    room.at += 1;
    return {
      EventType: type,
      EventTimestamp: stamp(room.at),
      EventId: randomUUID(),
      EventData: {
        ...own,
        RoomId: room.roomId,
        ShortId: room.shortId,
        Name: room.name,
        Title: room.title,
        AreaNameParent: room.area[0],
        AreaNameChild: room.area[1],
        Recording: flags.recording,
        Streaming: flags.streaming,
        DanmakuConnected: true,
      },
    };
  }
}

function stamp(ms: number): string {
  return formatRecorderTimestamp(ms, 480, ms % 9973);
}
