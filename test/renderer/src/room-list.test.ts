import { describe, expect, it } from 'vitest';
import type { RoomState } from '../../../shared/model';
import { filterRooms, orderRooms, passesFilter, roomCounts } from '../../../renderer/src/room-list';

function room(roomId: number, name: string, flags: Partial<RoomState> = {}): RoomState {
  return {
    roomId,
    shortId: 0,
    name,
    title: `title of ${name}`,
    areaNameParent: '电台',
    areaNameChild: '唱见电台',
    streaming: false,
    recording: false,
    danmakuConnected: true,
    updatedAt: 0,
    ...flags,
  };
}

const rooms = [
  room(1, 'Zed'),
  room(2, 'Amy', { streaming: true }),
  room(3, 'Bob', { streaming: true, recording: true }),
  room(4, 'amy2'),
  room(5, '七海', { shortId: 7 }),
];

describe('orderRooms', () => {
  it('lists recording rooms, then live ones, then the rest, each by name', () => {
    const order = orderRooms(rooms).map((r) => r.roomId);
    expect(order.slice(0, 2)).toEqual([3, 2]);
    expect(new Set(order.slice(2))).toEqual(new Set([1, 4, 5]));
    // Names compare as Chinese readers expect, numbers in names by value, case ignored.
    expect(order.indexOf(4)).toBeLessThan(order.indexOf(1));
    const numbered = orderRooms([room(7, 'room10'), room(8, 'Room9')]).map((r) => r.roomId);
    expect(numbered).toEqual([8, 7]);
  });

  it('leaves its input alone', () => {
    const copy = [...rooms];
    orderRooms(rooms);
    expect(rooms).toEqual(copy);
  });
});

describe('filterRooms', () => {
  it('matches every word in name, title, area or number, ignoring case', () => {
    expect(filterRooms(rooms, 'AMY').map((r) => r.roomId)).toEqual([2, 4]);
    expect(filterRooms(rooms, 'amy title').map((r) => r.roomId)).toEqual([2, 4]);
    expect(filterRooms(rooms, '唱见 七海').map((r) => r.roomId)).toEqual([5]);
    expect(filterRooms(rooms, '7').map((r) => r.roomId)).toEqual([5]);
    expect(filterRooms(rooms, 'nobody')).toEqual([]);
  });

  it('keeps every room for an empty filter', () => {
    expect(filterRooms(rooms, '   ')).toHaveLength(5);
  });
});

describe('roomCounts', () => {
  it('counts live, recording, attention, muted and all rooms', () => {
    expect(roomCounts(rooms)).toEqual({ live: 2, recording: 1, attention: 0, muted: 0, total: 5 });
    const counted = roomCounts(rooms, {
      attention: (r) => r.roomId === 2,
      muted: new Set([1, 5]),
    });
    expect(counted).toMatchObject({ attention: 1, muted: 2 });
  });
});

describe('ordering and filters for many rooms', () => {
  it('puts rooms that need attention first, then recording, live and the rest', () => {
    const order = orderRooms(rooms, { needsAttention: (r) => r.roomId === 1 }).map((r) => r.roomId);
    expect(order.slice(0, 3)).toEqual([1, 3, 2]);
  });

  it('sorts by name or by room number when asked', () => {
    expect(orderRooms(rooms, { sort: 'number' }).map((r) => r.roomId)).toEqual([1, 2, 3, 4, 5]);
    const names = orderRooms(rooms, { sort: 'name' }).map((r) => r.name);
    expect(names.filter((n) => /^[a-z]/i.test(n))).toEqual(['Amy', 'amy2', 'Bob', 'Zed']);
  });

  it('filters by state chip', () => {
    const flags = { attention: false, muted: false };
    expect(rooms.filter((r) => passesFilter(r, 'live', flags)).map((r) => r.roomId)).toEqual([
      2, 3,
    ]);
    expect(rooms.filter((r) => passesFilter(r, 'recording', flags)).map((r) => r.roomId)).toEqual([
      3,
    ]);
    expect(passesFilter(rooms[0]!, 'attention', { attention: true, muted: false })).toBe(true);
    expect(passesFilter(rooms[0]!, 'muted', flags)).toBe(false);
  });
});
