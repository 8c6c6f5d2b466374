import { describe, expect, it } from 'vitest';
import { bililiveToolsEvents } from '../../../../main/features/recorder-kinds/core/bililive-tools-events';
import { kindFixture } from '../../../helpers/kind-fixtures';
import { PLATFORM_ROOM_BASE, platformRoom } from '../../../../shared/platforms';

const events = (body: unknown) => {
  const parsed = bililiveToolsEvents(body);
  if (!parsed.ok) throw new Error(parsed.reasons.join('; '));
  return parsed.value;
};
const ROOM = { roomId: 21452505, name: '七海Nana7mi', title: '晚上好' };

describe('bililiveToolsEvents', () => {
  it('reads a recording start as going live and recording, keyed by its id', () => {
    expect(events(kindFixture('bililive-tools/record-start.json'))).toEqual([
      {
        type: 'StreamStarted',
        key: 'bililive-tools:2d4f7a9e-1c3b-4e5f-8a6d-9b0c1d2e3f40:live',
        at: '2025-06-03T13:00:01.204Z',
        room: ROOM,
      },
      {
        type: 'SessionStarted',
        key: 'bililive-tools:2d4f7a9e-1c3b-4e5f-8a6d-9b0c1d2e3f40:session',
        at: '2025-06-03T13:00:01.204Z',
        room: ROOM,
        session: 'bililive-tools:21452505:a3f2',
      },
    ]);
  });

  it('reads the names its docs use (live_start, live_end) as the ones its code sends', () => {
    const start = kindFixture('bililive-tools/record-start.json');
    expect(events({ ...start, type: 'live_start' })).toEqual(events(start));
    const end = kindFixture('bililive-tools/record-end.json');
    expect(events({ ...end, type: 'live_end' }).map((e) => e.type)).toEqual([
      'SessionEnded',
      'StreamEnded',
    ]);
  });

  it('reads a finished file with its path; a created file and a task are of no use', () => {
    expect(events(kindFixture('bililive-tools/file-completed.json'))).toEqual([
      {
        type: 'FileClosed',
        key: 'bililive-tools:4f6b9c10-3e5d-4071-ac8f-bd2e3f405162',
        at: '2025-06-03T14:09:25.771Z',
        room: { roomId: 21452505 },
        path: '/data/video/七海Nana7mi/2025-06-03 21-00-02 晚上好.flv',
      },
    ]);
    expect(events(kindFixture('bililive-tools/file-created.json'))).toEqual([]);
    expect(events(kindFixture('bililive-tools/task.json'))).toEqual([]);
  });

  it("follows another platform's room by (platform, room), its id far above bilibili's", () => {
    const room = {
      roomId: platformRoom('douyu', '9999').roomId,
      platform: 'douyu',
      platformRoom: '9999',
      name: '七海Nana7mi',
      title: '晚上好',
    };
    expect(room.roomId).toBeGreaterThanOrEqual(PLATFORM_ROOM_BASE);
    const [live, session] = events(kindFixture('bililive-tools/record-start-douyu.json'));
    expect(live).toMatchObject({ type: 'StreamStarted', room });
    expect(session).toMatchObject({ session: `bililive-tools:${room.roomId}:a3f2` });
    const file = kindFixture('bililive-tools/file-completed.json');
    file.data.platform = 'DouYin';
    file.data.roomId = '123456789';
    expect(events(file)).toEqual([
      expect.objectContaining({
        type: 'FileClosed',
        room: {
          roomId: platformRoom('douyin', '123456789').roomId,
          platform: 'douyin',
          platformRoom: '123456789',
        },
      }),
    ]);
  });

  it('refuses an unknown type and a wrong version', () => {
    const start = kindFixture('bililive-tools/record-start.json');
    expect(bililiveToolsEvents({ ...start, type: 'record_pause' })).toEqual({
      ok: false,
      reasons: ['type: not a biliLive-tools event this app knows: record_pause'],
    });
    expect(bililiveToolsEvents({ ...start, version: 2 }).ok).toBe(false);
  });
});
