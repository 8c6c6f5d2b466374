import { describe, expect, it } from 'vitest';
import { bililiveGoEvents } from '../../../../main/features/recorder-kinds/core/bililive-go-events';
import { kindFixture } from '../../../helpers/kind-fixtures';
import { PLATFORM_ROOM_BASE, platformRoom } from '../../../../shared/platforms';

const context = { receivedAt: Date.parse('2025-06-03T14:09:26Z') };
const relayed = (frame: string, live = 'live.json') => ({
  frame: kindFixture(`bililive-go/${frame}`),
  live: kindFixture(`bililive-go/${live}`),
});
const events = (frame: string) => {
  const parsed = bililiveGoEvents(relayed(frame), context);
  if (!parsed.ok) throw new Error(parsed.reasons.join('; '));
  return parsed.value;
};
const ROOM = { roomId: 21452505, name: '七海Nana7mi', title: '晚上好' };

describe('bililiveGoEvents', () => {
  it('reads a go-live with the room its id names, keyed by the room, the event and its time', () => {
    expect(events('live-start.json')).toEqual([
      {
        type: 'StreamStarted',
        key: 'bililive-go:5c1b2a7e3f9d4e0a8b6c:LiveStart:1748955600',
        at: '2025-06-03T13:00:00.000Z',
        room: ROOM,
      },
    ]);
    expect(events('live-end.json')[0]).toMatchObject({ type: 'StreamEnded' });
  });

  it("names a recording's session by the room and its stream's start", () => {
    const session = 'bililive-go:5c1b2a7e3f9d4e0a8b6c:1748955600';
    expect(events('recorder-start.json')[0]).toMatchObject({ type: 'SessionStarted', session });
    expect(events('recorder-stop.json')[0]).toMatchObject({ type: 'SessionEnded', session });
  });

  it("reads a pipeline task's first video file as finished; the cover is not a recording", () => {
    const path =
      '/srv/bililive/哔哩哔哩/七海Nana7mi/[2025-06-03 21-00-02][七海Nana7mi][晚上好].flv';
    expect(events('pipeline-task.json')).toEqual([
      {
        type: 'FileClosed',
        key: `bililive-go:file:${path}`,
        at: '2025-06-03T14:09:26.000Z',
        room: ROOM,
        path,
      },
    ]);
  });

  it("follows another platform's room by (platform, room) from its URL, never as a bilibili number", () => {
    const douyin = platformRoom('douyin', '123456789');
    expect(douyin.roomId).toBeGreaterThanOrEqual(PLATFORM_ROOM_BASE);
    expect(bililiveGoEvents(relayed('live-start.json', 'live-douyin.json'), context)).toEqual({
      ok: true,
      value: [
        expect.objectContaining({
          type: 'StreamStarted',
          room: {
            roomId: douyin.roomId,
            platform: 'douyin',
            platformRoom: '123456789',
            name: '七海Nana7mi',
            title: '晚上好',
          },
        }),
      ],
    });
    // A platform not in the table: followed, named by what bililive-go sent, keyed by its URL.
    const odd = relayed('live-start.json', 'live-douyin.json');
    odd.live.live_url = 'https://live.example.tv/room/7';
    odd.live.platform_cn_name = '某直播';
    expect(bililiveGoEvents(odd, context)).toEqual({
      ok: true,
      value: [
        expect.objectContaining({
          room: expect.objectContaining({
            platform: '某直播',
            platformRoom: 'https://live.example.tv/room/7',
          }),
        }),
      ],
    });
  });

  it('reads listening as of no use, and refuses unknown events and frames', () => {
    expect(events('listen-start.json')).toEqual([]);
    const odd = relayed('live-start.json');
    odd.frame.data.event_type = 'Teleported';
    expect(bililiveGoEvents(odd, context)).toEqual({
      ok: false,
      reasons: ['frame.data.event_type: not one this app knows: Teleported'],
    });
    expect(bililiveGoEvents({ frame: {} }, context).ok).toBe(false);
  });
});
