import { describe, expect, it } from 'vitest';
import { ddtvEvents } from '../../../../main/features/recorder-kinds/core/ddtv-events';
import { kindFixture } from '../../../helpers/kind-fixtures';

const RECEIVED = Date.parse('2024-06-26T13:28:40Z');
const events = (name: string, receivedAt = RECEIVED) => {
  const parsed = ddtvEvents(kindFixture(`ddtv/${name}`), { receivedAt });
  if (!parsed.ok) throw new Error(parsed.reasons.join('; '));
  return parsed.value;
};
const ROOM = {
  roomId: 4983935,
  name: '小胖子等六名用户',
  title: '100%鲜橙汁！',
  shortId: 0,
  areaParent: '单机游戏',
  areaChild: '其他单机',
};

describe('ddtvEvents', () => {
  it("reads a go-live with the room card's names, at the time it came (DDTV sends none)", () => {
    expect(events('start-live-event.json')).toEqual([
      {
        type: 'StreamStarted',
        key: 'ddtv:4983935:1719408502:live',
        at: '2024-06-26T13:28:40.000Z',
        room: ROOM,
      },
    ]);
  });

  it('keys a go-live by the stream, so its reminder and a repeat a minute later are one', () => {
    const [live] = events('start-live-event.json');
    const [reminder] = events('start-broadcasting-reminder.json', RECEIVED + 60_000);
    expect(reminder).toEqual({ ...live, at: '2024-06-26T13:29:40.000Z' });
  });

  it("ends a session with every video file it recorded, keyed by DDTV's own session start", () => {
    const [started] = events('start-recording.json');
    const ended = events('recording-end.json');
    const session = 'ddtv:4983935:2024-06-26T21:28:30.151071+08:00';
    expect(started).toMatchObject({ type: 'SessionStarted', session });
    expect(ended.map((e) => e.type)).toEqual(['FileClosed', 'SessionEnded']);
    expect(ended[0]).toMatchObject({
      key: 'ddtv:file:/rec_file/4983935_小胖子等六名用户/2024_06_26/2024_06_26_21_28_22_100%鲜橙汁！_original.mp4',
      path: '/rec_file/4983935_小胖子等六名用户/2024_06_26/2024_06_26_21_28_22_100%鲜橙汁！_original.mp4',
    });
    expect(ended[1]).toMatchObject({ session });
    expect(events('stop-live-event.json')[0]).toMatchObject({
      type: 'StreamEnded',
      key: 'ddtv:4983935:1719408502:end',
    });
  });

  it('reads the real danmaku record as known and of no use; an expired login as a problem', () => {
    expect(events('save-bullet-screen-file.real.json')).toEqual([]);
    expect(events('invalid-login-status.json')).toEqual([
      {
        type: 'Problem',
        at: '2024-06-26T13:28:40.000Z',
        problem: 'login-expired',
        detail: '登录态失效',
      },
    ]);
  });

  it('refuses an unknown record, a code that is not its name, and a card without a room', () => {
    const live = kindFixture('ddtv/start-live-event.json');
    expect(
      ddtvEvents({ ...live, cmd: 'ModifyRoomSettings', code: 40001 }, { receivedAt: 0 }),
    ).toEqual({
      ok: false,
      reasons: ['cmd: not a DDTV record this app knows: ModifyRoomSettings (40001)'],
    });
    expect(ddtvEvents({ ...live, code: 40106 }, { receivedAt: 0 }).ok).toBe(false);
    const noRoom = ddtvEvents({ ...live, data: { Name: 'x' } }, { receivedAt: 0 });
    expect(!noRoom.ok && noRoom.reasons[0]).toMatch(/^data\.RoomId/);
  });
});
