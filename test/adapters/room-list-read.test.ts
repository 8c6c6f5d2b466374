import { describe, expect, it } from 'vitest';
import { readRoomList } from '../../main/adapters/room-list-read';
import { fixtureText } from '../helpers/fixtures';

const LIST = fixtureText('synthesized/rest-GET-api-room.list.json');
/** The fixture's two rooms, then three more made from them (rooms 1001–1003). */
const list = (): Record<string, any>[] => {
  const rooms = JSON.parse(LIST) as Record<string, any>[];
  for (let i = 1; i <= 3; i++)
    rooms.push({ ...structuredClone(rooms[i % 2]!), roomId: 1000 + i, shortId: 0 });
  return rooms;
};

describe('readRoomList', () => {
  it('reads every room the schema takes, in the order of the list', () => {
    const read = readRoomList(list());
    if (!read.ok) throw new Error('the list fails the schema');
    expect(read.rooms.map((room) => room.roomId)).toEqual([23058, 21452505, 1001, 1002, 1003]);
    expect(read.unreadable).toEqual([]);
    expect(readRoomList([])).toEqual({ ok: true, rooms: [], unreadable: [] });
  });

  it('a room the schema refuses is named by its place and what broke; the others are read', () => {
    const broken = list();
    broken[1]!.streaming = 'yes';
    broken[3]!.roomId = 'x';
    const read = readRoomList(broken);
    if (!read.ok) throw new Error('odd rooms failed the whole list');
    expect(read.rooms.map((room) => room.roomId)).toEqual([23058, 1001, 1003]);
    expect(read.unreadable.map((room) => room.index)).toEqual([1, 3]);
    expect(read.unreadable[0]!.raw).toEqual(broken[1]);
    expect(read.unreadable[0]!.issues[0]?.path).toEqual(['streaming']);
    expect(read.unreadable[1]!.issues[0]?.path).toEqual(['roomId']);
  });

  it('a list whose every room the schema refuses fails whole, with the first', () => {
    const broken = list().map((room) => ({ ...room, streaming: 'yes' }));
    expect(readRoomList(broken)).toMatchObject({ ok: false, index: 0, raw: broken[0] });
    expect(readRoomList([{}, null])).toMatchObject({ ok: false, index: 0 });
  });
});
