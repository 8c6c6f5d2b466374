import { describe, expect, it } from 'vitest';
import { endOfDay, isRoomMuted, roomMutePatch } from '../../shared/room-mute-choice';

const NOW = new Date(2026, 10, 23, 15, 30).getTime();
const none = { mutedRooms: [], mutedRoomsUntil: [] };

describe('roomMutePatch', () => {
  it('mutes for an hour, for the rest of today, or always, and undoes each', () => {
    const hour = roomMutePatch(none, 7, 'hour', NOW);
    expect(hour).toEqual({
      mutedRooms: [],
      mutedRoomsUntil: [{ roomId: 7, until: NOW + 3_600_000 }],
    });
    expect(isRoomMuted(hour, 7, NOW + 3_599_999)).toBe(true);
    expect(isRoomMuted(hour, 7, NOW + 3_600_000)).toBe(false);

    const today = roomMutePatch(hour, 7, 'today', NOW);
    expect(today.mutedRoomsUntil).toEqual([{ roomId: 7, until: endOfDay(NOW) }]);
    expect(new Date(endOfDay(NOW)).getHours()).toBe(0);
    expect(endOfDay(NOW) - NOW).toBe(8.5 * 3_600_000);

    const always = roomMutePatch(today, 7, 'always', NOW);
    expect(always).toEqual({ mutedRooms: [7], mutedRoomsUntil: [] });
    expect(isRoomMuted(always, 7, NOW + 365 * 86_400_000)).toBe(true);
    expect(roomMutePatch(always, 7, null, NOW)).toEqual(none);
  });

  it('keeps other rooms and drops expired mutes', () => {
    const start = {
      mutedRooms: [1],
      mutedRoomsUntil: [
        { roomId: 2, until: NOW - 1 },
        { roomId: 3, until: NOW + 5 },
      ],
    };
    expect(roomMutePatch(start, 9, 'always', NOW)).toEqual({
      mutedRooms: [1, 9],
      mutedRoomsUntil: [{ roomId: 3, until: NOW + 5 }],
    });
  });
});
