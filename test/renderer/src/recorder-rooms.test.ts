import { describe, expect, it } from 'vitest';
import {
  passesRecorder,
  recorderChips,
  recorderOfRoom,
  roomKey,
  showsRecorders,
} from '../../../renderer/src/recorder-rooms';

const recorders = [
  { id: 'default', name: 'PC', url: 'http://127.0.0.1:2356', status: 'ok' as const },
  { id: 'nas', name: 'NAS', url: 'http://nas:2356', status: 'unreachable' as const },
];
// A hot standby: room 1 on both recorders.
const rooms = [
  { roomId: 1, recorderId: 'default' },
  { roomId: 1, recorderId: 'nas' },
  { roomId: 2, recorderId: 'nas' },
];

describe('the Rooms view per recorder', () => {
  it('keys a room on two recorders twice, once per recorder', () => {
    expect(rooms.map(roomKey)).toEqual(['default-1', 'nas-1', 'nas-2']);
    expect(roomKey({ roomId: 7 })).toBe('7');
  });

  it('counts each recorder’s rooms, in the settings’ order, a standby room in both', () => {
    expect(recorderChips(rooms, recorders)).toEqual([
      { id: 'default', name: 'PC', count: 1 },
      { id: 'nas', name: 'NAS', count: 2 },
    ]);
  });

  it('filters by recorder, or not at all', () => {
    expect(rooms.filter((r) => passesRecorder(r, { id: 'nas' })).map(roomKey)).toEqual([
      'nas-1',
      'nas-2',
    ]);
    expect(rooms.filter((r) => passesRecorder(r, 'all'))).toHaveLength(3);
  });

  it('shows recorders only where there are several', () => {
    expect(showsRecorders({ recorders })).toBe(true);
    expect(showsRecorders({ recorders: recorders.slice(0, 1) })).toBe(false);
  });

  it('finds the connection of the recorder that has the room', () => {
    const state = {
      recorders: recorders.map((r) => ({
        ...r,
        message: '',
        webhookUrl: '',
        webhooks: 'unknown' as const,
      })),
      recorder: { status: 'unreachable' as const, message: '' },
    };
    expect(recorderOfRoom(state, rooms[0]!)?.status).toBe('ok');
    expect(recorderOfRoom(state, rooms[2]!)?.status).toBe('unreachable');
    expect(recorderOfRoom(state, { recorderId: undefined })?.name).toBe('PC');
  });
});
