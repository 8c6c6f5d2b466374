import { describe, expect, it } from 'vitest';
import { polledRoomOf, readRoomList, RoomListCache } from '../../main/adapters/room-list-cache';
import { toPolledRoom } from '../../shared/recorder/rest';
import { fixtureText } from '../helpers/fixtures';

const LIST = fixtureText('synthesized/rest-GET-api-room.list.json');
/** The fixture's two rooms, then three more made from them (rooms 1001–1003). */
const list = (): Record<string, any>[] => {
  const rooms = JSON.parse(LIST) as Record<string, any>[];
  for (let i = 1; i <= 3; i++)
    rooms.push({ ...structuredClone(rooms[i % 2]!), roomId: 1000 + i, shortId: 0 });
  return rooms;
};
const bytes = (value: unknown, space?: number) => Buffer.from(JSON.stringify(value, null, space));

/** Reads a list that must pass; its rooms. */
function readGood(cache: RoomListCache, rooms: unknown[]) {
  const read = cache.read(bytes(rooms));
  if (!read?.ok) throw new Error('the list fails the schema');
  return read.rooms;
}

describe('RoomListCache', () => {
  it('checks each room of the first list, then keeps the same objects for rooms that did not change', () => {
    const cache = new RoomListCache();
    const first = readGood(cache, list());
    expect(first.map((room) => room.roomId)).toEqual([23058, 21452505, 1001, 1002, 1003]);
    const changed = list();
    changed[0]!.title = '换了个标题';
    const second = readGood(cache, changed);
    expect(second[0]).not.toBe(first[0]);
    expect(second[0]!.title).toBe('换了个标题');
    for (let i = 1; i < first.length; i++) expect(second[i]).toBe(first[i]);
    // The app's form of a room is converted once per change, and is what toPolledRoom gives.
    expect(polledRoomOf(second[1]!)).toBe(polledRoomOf(first[1]!));
    expect(polledRoomOf(second[0]!)).toEqual(toPolledRoom(second[0]!));
  });

  it('sees a change that keeps the length of the room, and one in a room of a list that grew', () => {
    const cache = new RoomListCache();
    const rooms = list();
    rooms[2]!.recordingStats.sessionDuration = 1000;
    const first = readGood(cache, rooms);
    rooms[2]!.recordingStats.sessionDuration = 2000; // the same number of bytes
    rooms[3]!.title = '一个长得多的标题，让后面的房间都挪了位置';
    const second = readGood(cache, rooms);
    expect(second[2]!.recordingStats?.sessionDuration).toBe(2000);
    expect(second[3]!.title).toBe(rooms[3]!.title);
    expect([second[0], second[1], second[4]]).toEqual([first[0], first[1], first[4]]);
    expect(second[4]).toBe(first[4]);
  });

  it('keeps the objects of rooms that moved when a room was added or removed before them', () => {
    const cache = new RoomListCache();
    const first = readGood(cache, list());
    const added = [{ ...list()[0]!, roomId: 7, shortId: 0 }, ...list()];
    const second = readGood(cache, added);
    expect(second[0]!.roomId).toBe(7);
    for (let i = 0; i < first.length; i++) expect(second[i + 1]).toBe(first[i]);
    const removed = readGood(cache, list().slice(2));
    expect(removed).toEqual(first.slice(2));
    for (let i = 0; i < removed.length; i++) expect(removed[i]).toBe(first[i + 2]);
  });

  it('forgets rooms gone from the list, and checks a room again when it comes back', () => {
    const cache = new RoomListCache();
    const first = readGood(cache, list());
    const without = readGood(cache, list().slice(1));
    const back = readGood(cache, list());
    expect(without[0]).toBe(first[1]);
    expect(back[0]).not.toBe(first[0]);
    expect(back[0]).toEqual(first[0]);
  });

  it('a room that changed into something the schema refuses is named by its place; the others are read', () => {
    const cache = new RoomListCache();
    const first = readGood(cache, list());
    const broken = list();
    broken[1]!.streaming = 'yes';
    const result = cache.read(bytes(broken));
    if (!result?.ok) throw new Error('one odd room failed the whole list');
    expect(result.rooms.map((room) => room.roomId)).toEqual([23058, 1001, 1002, 1003]);
    expect(result.rooms[0]).toBe(first[0]);
    expect(result.unreadable).toHaveLength(1);
    expect(result.unreadable[0]!.index).toBe(1);
    expect(result.unreadable[0]!.raw).toEqual(broken[1]);
    expect(result.unreadable[0]!.issues[0]?.path).toEqual(['streaming']);
    // Unchanged, it is refused again, and named by its new place once a room was added before it.
    const again = cache.read(bytes(broken));
    expect(again?.ok && again.unreadable.map((room) => room.index)).toEqual([1]);
    const moved = cache.read(bytes([{ ...list()[0]!, roomId: 7, shortId: 0 }, ...broken]));
    expect(moved?.ok && moved.unreadable.map((room) => room.index)).toEqual([2]);
    // Mended, it is read; the rooms that never changed keep their objects throughout.
    const mended = readGood(cache, list());
    expect(mended[1]!.streaming).toBe(first[1]!.streaming);
    for (const i of [0, 2, 3, 4]) expect(mended[i]).toBe(first[i]);
  });

  it('a list whose every room the schema refuses fails whole, with the first; the last list stays the one compared with', () => {
    const cache = new RoomListCache();
    const first = readGood(cache, list());
    const broken = list().map((room) => ({ ...room, streaming: 'yes' }));
    const result = cache.read(bytes(broken));
    expect(result).toMatchObject({ ok: false, index: 0 });
    const again = readGood(cache, list());
    for (let i = 0; i < first.length; i++) expect(again[i]).toBe(first[i]);
  });

  it('a list it cannot split, or a room that is not JSON, is left to the whole-body parse', () => {
    const cache = new RoomListCache();
    readGood(cache, list());
    expect(cache.read(Buffer.from('{"rooms":[]}'))).toBeUndefined();
    expect(cache.read(Buffer.from('[{"roomId":1,}]'))).toBeUndefined();
    expect(cache.read(Buffer.from('\uFEFF[]'))).toBeUndefined();
    // A known room followed by something else than a comma or ]: not a list of rooms.
    const text = JSON.stringify(list());
    expect(cache.read(Buffer.from(`${text.slice(0, text.indexOf('},{') + 1)} x]`))).toBeUndefined();
    expect(cache.read(Buffer.from(' [ ] '))).toEqual({ ok: true, rooms: [], unreadable: [] });
  });

  it('reads a list the recorder pretty-printed the same as a compact one', () => {
    const pretty = new RoomListCache().read(bytes(list(), 2));
    const compact = new RoomListCache().read(bytes(list()));
    expect(pretty).toEqual(compact);
    expect(pretty?.ok).toBe(true);
  });

  it('reads a body that is a view into a larger buffer', () => {
    const body = bytes(list());
    const larger = Buffer.concat([Buffer.from('xx'), body, Buffer.from('yy')]);
    const view = new Uint8Array(larger.buffer, larger.byteOffset + 2, body.length);
    const cache = new RoomListCache();
    const first = readGood(cache, list());
    const read = cache.read(view);
    if (!read?.ok) throw new Error('the view was not read');
    for (let i = 0; i < first.length; i++) expect(read.rooms[i]).toBe(first[i]);
  });
});

describe('readRoomList (a list parsed whole)', () => {
  it('reads the rooms the schema takes and names those it refuses, as the cache does', () => {
    const rooms = list();
    rooms[3]!.roomId = 'x';
    const whole = readRoomList(rooms);
    const cached = new RoomListCache().read(bytes(rooms));
    expect(whole).toEqual(cached);
    expect(whole.ok && whole.unreadable.map((room) => room.index)).toEqual([3]);
    expect(readRoomList([{}, null])).toMatchObject({ ok: false, index: 0 });
    expect(readRoomList([])).toEqual({ ok: true, rooms: [], unreadable: [] });
  });
});
