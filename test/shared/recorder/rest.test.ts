import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { safeParseUnknown } from '../../../shared/parse';
import { GlobalWebhookLists } from '../../../shared/recorder/global-config';
import {
  IoStats,
  PolledRestRoom,
  PolledRoom,
  RecordingStats,
  REST_ERROR_CODE,
  RestError,
  RestNumber,
  RestRoom,
  RestRoomConfig,
  RestRoomList,
  RestTime,
  RestVersion,
  toPolledRoom,
  RecorderLogFetch,
} from '../../../shared/recorder/rest';

const FIXTURES = new URL('../../fixtures/recorder/', import.meta.url);
const load = (relative: string): unknown =>
  JSON.parse(readFileSync(new URL(relative, FIXTURES), 'utf8'));

/** Every REST fixture and the schema of its body. */
const SCHEMA_OF: Record<string, z.ZodType> = {
  'synthesized/rest-400-roomid-out-of-range.json': RestError,
  'synthesized/rest-GET-api-log-fetch.after-cursor.json': RecorderLogFetch,
  'synthesized/rest-GET-api-config-global.json': GlobalWebhookLists,
  'synthesized/rest-404-room-not-found.json': RestError,
  'synthesized/rest-GET-api-room-23058-config.json': RestRoomConfig,
  'synthesized/rest-GET-api-room-23058-iostats.recording.json': IoStats,
  'synthesized/rest-GET-api-room-23058-stats.recording.json': RecordingStats,
  'synthesized/rest-GET-api-room-23058.idle.json': RestRoom,
  'synthesized/rest-GET-api-room-23058.recording.json': RestRoom,
  'synthesized/rest-GET-api-room.list.json': RestRoomList,
  'synthesized/rest-POST-api-room.just-added-shortid.json': RestRoom,
  'synthesized/rest-POST-api-room-23058-start.404.json': RestError,
  'docs-examples/rest-GET-api-room-3.docs.json': RestRoom,
};

const idleRoom = () =>
  load('synthesized/rest-GET-api-room-23058.idle.json') as Record<string, unknown>;
const recordingRoom = () =>
  load('synthesized/rest-GET-api-room-23058.recording.json') as Record<string, unknown>;

describe('REST fixtures', () => {
  it('has a schema for every rest-* fixture', () => {
    const files = ['synthesized', 'docs-examples'].flatMap((dir) =>
      readdirSync(new URL(`${dir}/`, FIXTURES))
        .filter((name) => name.startsWith('rest-'))
        .map((name) => `${dir}/${name}`),
    );
    expect(files.sort()).toEqual(Object.keys(SCHEMA_OF).sort());
  });

  it.each(Object.entries(SCHEMA_OF))('parses %s', (file, schema) => {
    const result = safeParseUnknown(schema, load(file));
    expect(result).toMatchObject({ ok: true });
  });

  it('reads an idle room: NaN ratio, no stream host, year-0001 times as null', () => {
    const room = RestRoom.parse(idleRoom());
    expect(room.recordingStats?.durationRatio).toBeNaN();
    expect(room.ioStats?.streamHost).toBeNull();
    expect(room.ioStats?.startTime).toBeNull();
    expect(room.ioStats?.endTime).toBeNull();
    expect(room.uid).toBe(11153765);
  });

  it('keeps real times as the raw strings', () => {
    const room = RestRoom.parse(recordingRoom());
    expect(room.ioStats?.startTime).toBe('2024-03-17T13:37:01.0125834+00:00');
    expect(room.ioStats?.streamHost).toBe('cn-gddg-ct-01-09.bilivideo.com');
  });

  it('reads the error body of an unknown room', () => {
    const error = RestError.parse(load('synthesized/rest-404-room-not-found.json'));
    expect(error.code).toBe(REST_ERROR_CODE.roomNotFound);
  });

  it('reads a version body of strings', () => {
    const version = RestVersion.parse({
      major: '2',
      minor: '11',
      patch: '1',
      fullSemVer: '2.11.2-alpha.1+5',
      sha: 'abc',
    });
    expect(version.fullSemVer).toBe('2.11.2-alpha.1+5');
    expect(safeParseUnknown(RestVersion, { fullSemVer: 2 })).toMatchObject({ ok: false });
  });
});

describe('RestNumber', () => {
  it.each([
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['-Infinity', -Infinity],
    [0, 0],
    [1.5e-11, 1.5e-11],
    [1725401277, 1725401277],
  ])('reads %j', (input, expected) => {
    expect(RestNumber.parse(input)).toBe(expected);
  });

  it.each(['nan', '1.0', '', null, true])('refuses %j', (input) => {
    expect(RestNumber.safeParse(input).success).toBe(false);
  });

  it('accepts Infinity and -Infinity wherever a number is expected', () => {
    const room = recordingRoom();
    const io = room.ioStats as Record<string, unknown>;
    io.diskMBps = 'Infinity';
    io.networkMbps = '-Infinity';
    const parsed = RestRoom.parse(room);
    expect(parsed.ioStats?.diskMBps).toBe(Infinity);
    expect(parsed.ioStats?.networkMbps).toBe(-Infinity);
  });
});

describe('RestTime', () => {
  it('turns year 0001 into null, in any offset or precision', () => {
    expect(RestTime.parse('0001-01-01T00:00:00+00:00')).toBeNull();
    expect(RestTime.parse('0001-01-01T00:00:00.0000000+08:00')).toBeNull();
    expect(RestTime.parse('2024-03-17T13:37:01+00:00')).toBe('2024-03-17T13:37:01+00:00');
  });
});

describe('RestRoom tolerance', () => {
  it('accepts a missing uid and streamHost (older recorders)', () => {
    const room = idleRoom();
    delete room.uid;
    delete (room.ioStats as Record<string, unknown>).streamHost;
    const parsed = RestRoom.parse(room);
    expect(parsed.uid).toBeUndefined();
    expect(parsed.ioStats?.streamHost).toBeNull();
  });

  it('accepts extra fields and keeps them', () => {
    const room = { ...idleRoom(), recordMode: 1, recordModeForThisSession: 0 };
    expect(RestRoom.parse(room)).toMatchObject({ recordMode: 1, roomId: 23058 });
  });

  it('accepts null names of a room not yet refreshed, and no stats (2.0.x)', () => {
    const room = idleRoom();
    room.name = null;
    room.title = null;
    delete room.recordingStats;
    delete room.ioStats;
    const parsed = RestRoom.parse(room);
    expect(parsed.name).toBe('');
    expect(toPolledRoom(parsed).stats).toBeUndefined();
  });

  it('names the field that breaks the schema', () => {
    const room = recordingRoom();
    (room.recordingStats as Record<string, unknown>).durationRatio = 'fast';
    const result = safeParseUnknown(RestRoom, room);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reasons[0]).toMatch(/^recordingStats\.durationRatio: /);
  });
});

describe('toPolledRoom', () => {
  it('gives the compact observation of a recording room, in recorder units', () => {
    const polled = toPolledRoom(RestRoom.parse(recordingRoom()));
    expect(polled).toEqual({
      roomId: 23058,
      shortId: 3,
      name: '3号直播间',
      title: '哔哩哔哩音悦台',
      areaNameParent: '电台',
      areaNameChild: '唱见电台',
      streaming: true,
      recording: true,
      danmakuConnected: true,
      autoRecord: true,
      stats: {
        sessionDurationMs: 3600123.4567,
        currentFileSize: 1725401277,
        networkMbps: 3.62795155454842,
        durationRatio: 1.000228223902437,
        inputBytes: 1725533718,
        writeBytesPerSecond: (950199 * 1000) / 2000.5263, // diskBytesWritten over duration (ms)
      },
    });
    expect(PolledRoom.parse(polled)).toEqual(polled);
  });

  it('gives durationRatio null for "NaN" and keeps every number finite', () => {
    const room = idleRoom();
    (room.ioStats as Record<string, unknown>).networkMbps = 'NaN';
    const polled = toPolledRoom(RestRoom.parse(room));
    expect(polled.stats).toEqual({
      sessionDurationMs: 0,
      currentFileSize: 0,
      networkMbps: 0,
      durationRatio: null,
      inputBytes: 0,
      writeBytesPerSecond: 0,
    });
    expect(JSON.parse(JSON.stringify(polled))).toEqual(polled);
  });

  it('gives durationRatio null for Infinity too', () => {
    const room = recordingRoom();
    (room.recordingStats as Record<string, unknown>).durationRatio = 'Infinity';
    expect(toPolledRoom(RestRoom.parse(room)).stats?.durationRatio).toBeNull();
  });

  it("reads the same from the poll's schema, which checks only the statistics it reads", () => {
    for (const room of [recordingRoom(), idleRoom()]) {
      expect(toPolledRoom(PolledRestRoom.parse(room))).toEqual(toPolledRoom(RestRoom.parse(room)));
    }
    const room = recordingRoom();
    (room.ioStats as Record<string, unknown>).diskMBps = 'fast'; // shown nowhere
    (room.recordingStats as Record<string, unknown>).outputVideoFrames = null;
    expect(RestRoom.safeParse(room).success).toBe(false);
    expect(toPolledRoom(PolledRestRoom.parse(room)).stats?.durationRatio).toBe(1.000228223902437);
    (room.recordingStats as Record<string, unknown>).durationRatio = 'fast';
    const result = safeParseUnknown(PolledRestRoom, room);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reasons[0]).toMatch(/^recordingStats\.durationRatio: /);
  });

  it('copies no REST-only fields (objectId changes at every recorder restart)', () => {
    const polled = toPolledRoom(RestRoom.parse(recordingRoom()));
    expect(Object.keys(polled)).not.toContain('objectId');
    expect(Object.keys(polled)).not.toContain('recordingStats');
  });
});
