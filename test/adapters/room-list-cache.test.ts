import { describe, expect, it } from 'vitest';
import { polledRoomOf, RoomListCache } from '../../main/adapters/room-list-cache';
import { toPolledRoom } from '../../shared/recorder/rest';
import { fixtureText } from '../helpers/fixtures';

const LIST = fixtureText('synthesized/rest-GET-api-room.list.json');
const list = (): Record<string, any>[] => JSON.parse(LIST);

describe('RoomListCache', () => {
  it('checks each room of the first list, then keeps the same objects for rooms that did not change', () => {
    const cache = new RoomListCache();
    const first = cache.readText(JSON.stringify(list()));
    if (!first?.ok) throw new Error('the fixture fails the schema');
    expect(first.rooms.length).toBeGreaterThan(1);
    const changed = list();
    changed[0]!.title = '换了个标题';
    const second = cache.readText(JSON.stringify(changed));
    if (!second?.ok) throw new Error('the changed list fails the schema');
    expect(second.rooms[0]).not.toBe(first.rooms[0]);
    expect(second.rooms[0]!.title).toBe('换了个标题');
    for (let i = 1; i < first.rooms.length; i++) expect(second.rooms[i]).toBe(first.rooms[i]);
    // The app's form of a room is converted once per change, and is what toPolledRoom gives.
    expect(polledRoomOf(second.rooms[1]!)).toBe(polledRoomOf(first.rooms[1]!));
    expect(polledRoomOf(second.rooms[0]!)).toEqual(toPolledRoom(second.rooms[0]!));
  });

  it('a room that changed into something the schema refuses fails the list, named by its place', () => {
    const cache = new RoomListCache();
    expect(cache.readText(JSON.stringify(list()))?.ok).toBe(true);
    const broken = list();
    broken[1]!.streaming = 'yes';
    const result = cache.readText(JSON.stringify(broken));
    expect(result?.ok).toBe(false);
    if (result?.ok === false) expect(result.index).toBe(1);
  });

  it('a list it cannot split, or a room that is not JSON, is left to the whole-body parse', () => {
    const cache = new RoomListCache();
    expect(cache.readText('{"rooms":[]}')).toBeUndefined();
    expect(cache.readText('[{"roomId":1,}]')).toBeUndefined();
    expect(cache.readText('\uFEFF[]')).toBeUndefined();
    expect(cache.readText(' [ ] ')).toEqual({ ok: true, rooms: [] });
  });

  it('reads a list the recorder pretty-printed the same as a compact one', () => {
    const pretty = new RoomListCache().readText(JSON.stringify(list(), null, 2));
    const compact = new RoomListCache().readText(JSON.stringify(list()));
    expect(pretty).toEqual(compact);
    expect(pretty?.ok).toBe(true);
  });

  it('forgets rooms gone from the list, and checks a room again when it comes back', () => {
    const cache = new RoomListCache();
    const first = cache.readText(JSON.stringify(list()));
    const without = cache.readText(JSON.stringify(list().slice(1)));
    const back = cache.readText(JSON.stringify(list()));
    if (!first?.ok || !without?.ok || !back?.ok) throw new Error('the fixture fails the schema');
    expect(without.rooms[0]).toBe(first.rooms[1]);
    expect(back.rooms[0]).not.toBe(first.rooms[0]);
    expect(back.rooms[0]).toEqual(first.rooms[0]);
  });
});
