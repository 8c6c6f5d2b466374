import { describe, expect, it } from 'vitest';
import {
  RECORDING_ROOM_GUARD_MS,
  recordingGuard,
} from '../../../../main/features/clean-up/core/recording-guard';
import { roomOfPath } from '../../../../main/features/clean-up/core/room-of-path';

const NOW = 1_800_000_000_000;

describe('recordingGuard', () => {
  const guard = recordingGuard(
    [
      {
        recorderId: 'default',
        files: [
          { roomId: 1, relativePath: '1-a\\open.flv', finished: false },
          { roomId: 2, relativePath: '2-b/earlier.flv', finished: true, sessionId: 's2' },
          { roomId: 3, relativePath: '3-c/ended.flv', finished: true, sessionId: 's3' },
        ],
        isSessionEnded: (id) => id === 's3',
        rooms: [
          { roomId: 2, recording: true },
          { roomId: 3, recording: false },
          { roomId: 4, recording: true },
        ],
      },
    ],
    NOW,
  );
  const at = (relativePath: string, roomId?: number, age = 2 * RECORDING_ROOM_GUARD_MS) =>
    guard({
      recorderId: 'default',
      relativePath,
      ...(roomId !== undefined ? { roomId } : {}),
      modifiedAt: NOW - age,
    });

  it('keeps a file still open and the earlier files of a session still recording', () => {
    expect(at('1-a/open.flv')).toBe(true);
    expect(at('2-b/earlier.flv')).toBe(true);
    expect(at('3-c/ended.flv', 3)).toBe(false);
  });

  it('keeps a recording room’s files of the last day, whatever the webhooks said', () => {
    expect(at('4-d/today.flv', 4, RECORDING_ROOM_GUARD_MS - 1)).toBe(true);
    expect(at('4-d/last-week.flv', 4)).toBe(false);
    expect(guard({ recorderId: 'nas', relativePath: '1-a/open.flv', modifiedAt: NOW })).toBe(false);
  });
});

describe('roomOfPath', () => {
  it('reads the room from the recorder’s default template', () => {
    expect(roomOfPath('23058-3号直播间/录制-23058-20240317-203700-000-标题.flv')).toBe(23058);
    expect(roomOfPath('录制-5-20240317-203700-000-标题.xml')).toBe(5);
    expect(roomOfPath('7-主播/custom.flv')).toBe(7);
    expect(roomOfPath('custom/name.flv')).toBeUndefined();
    expect(roomOfPath('99999999999-x/a.flv')).toBeUndefined();
  });
});
