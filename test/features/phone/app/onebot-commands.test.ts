import { afterEach, describe, expect, it, vi } from 'vitest';
import { Settings } from '../../../../shared/settings';
import { startApp, stopApps, type AppHarness } from '../../../fakes/app-harness';
import { startFakeRecorder, type FakeRecorder } from '../../../fakes/fake-recorder/index';
import { MovableClock } from '../../../fakes/movable-clock';
import { oneRecorder } from '../../../fakes/recorder-settings';
import {
  groupMessage,
  postEvent,
  privateMessage,
  startFakeOneBotSocket,
  type FakeOneBotSocket,
} from '../../../fakes/push-services/fake-onebot';

const OWNER = 12345678;
const MEMBER = 22223333;
const STRANGER = 99998888;
const GROUP = 87654321;
const KEY = 'k3yForTheOneBotPosts0123';
const SECRET = 'signing-secret';
const TOKEN = 'access-token-of-onebot';

let recorder: FakeRecorder | undefined;
let socket: FakeOneBotSocket | undefined;
afterEach(async () => {
  await stopApps();
  await recorder?.close();
  await socket?.close();
  recorder = socket = undefined;
});

/** The real app, the fake recorder, and a OneBot target that takes commands by `query`. */
async function appWithQq(
  query: string,
): Promise<{ h: AppHarness; recorder: FakeRecorder; clock: MovableClock }> {
  recorder = await startFakeRecorder({ rooms: 3 });
  const clock = new MovableClock();
  const url = `onebot://${TOKEN}@127.0.0.1:9/user/${OWNER}/group/${GROUP}?commands=yes&members=${MEMBER}&${query}`;
  const h = await startApp({
    seams: { clock: clock.now, setTimer: clock.setTimer },
    settings: {
      language: 'zh-CN',
      ...oneRecorder({ url: recorder.url, pollIntervalSeconds: 60 }),
      pushTargets: Settings.parse({ pushTargets: [{ url, kinds: ['SessionEnded'] }] }).pushTargets,
    },
  });
  await vi.waitFor(() => expect(h.app.state().rooms).toHaveLength(3), { timeout: 10_000 });
  return { h, recorder, clock };
}

describe('QQ commands through OneBot and the real app (fake implementation, fake recorder)', () => {
  it('HTTP POST with a good signature: answered as a quick reply, and 录 starts the room', async () => {
    const { h, recorder, clock } = await appWithQq(`post=${KEY}&secret=${SECRET}`);
    const post = `${new URL(h.webhookUrl).origin}/phone/onebot/${KEY}`;
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    await recorder.setLive(room.roomId, true, { webhooks: false });
    h.app.pollNow();
    await vi.waitFor(() =>
      expect(h.app.state().rooms.find((r) => r.roomId === room.roomId)?.streaming).toBe(true),
    );

    const live = await postEvent(post, privateMessage(OWNER, '谁在播'), SECRET);
    expect(live.status).toBe(200);
    expect(live.json).toEqual({
      reply: `正在直播：\n• ${room.name} (${room.roomId}) · ${h.app.state().recorders[0]!.name} · 没在录`,
      auto_escape: true,
    });
    clock.advance(1000);
    const rec = await postEvent(
      post,
      groupMessage(GROUP, MEMBER, `录 ${room.roomId}`, true),
      SECRET,
    );
    expect(rec.json).toEqual({
      reply: `已让录播姬开始录制房间 ${room.roomId}。`,
      auto_escape: true,
    });
    expect(room.recording).toBe(true);
    // Settings → Push: this target's last command and who sent it.
    const { targets } = await h.app.handlers['push:status'](undefined);
    expect(targets[0]?.phone).toMatchObject({
      connection: 'connected',
      last: { sender: String(MEMBER) },
    });
  });

  it('a bad or missing signature is refused and runs nothing; strangers get no answer', async () => {
    const { h, recorder } = await appWithQq(`post=${KEY}&secret=${SECRET}`);
    const post = `${new URL(h.webhookUrl).origin}/phone/onebot/${KEY}`;
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    await recorder.setLive(room.roomId, true, { webhooks: false });
    expect(
      (await postEvent(post, privateMessage(OWNER, `录 ${room.roomId}`), 'wrong')).status,
    ).toBe(403);
    expect((await postEvent(post, privateMessage(OWNER, `录 ${room.roomId}`))).status).toBe(401);
    // A group member not listed, and a QQ number not in the URL: signed, yet silent.
    expect(
      await postEvent(post, groupMessage(GROUP, STRANGER, `录 ${room.roomId}`), SECRET),
    ).toEqual({ status: 204, json: undefined });
    expect(await postEvent(post, privateMessage(STRANGER, '/rec ' + room.roomId), SECRET)).toEqual({
      status: 204,
      json: undefined,
    });
    expect((await postEvent(`${post}x`, privateMessage(OWNER, '帮助'), SECRET)).status).toBe(404);
    expect(room.recording).toBe(false);
    expect(h.log.lines.filter((l) => l.includes('signature was refused'))).toHaveLength(2);
    expect(
      h.log.lines.filter((l) => l.includes(SECRET) || l.includes(KEY) || l.includes(TOKEN)),
    ).toEqual([]);
  });

  it('forward WebSocket with the Bearer token: answers go back with send_private_msg / send_group_msg', async () => {
    socket = await startFakeOneBotSocket(TOKEN);
    const { recorder, clock } = await appWithQq(`ws=${socket.url}`);
    await vi.waitFor(() => expect(socket!.connections).toBe(1));
    const room = recorder.state.rooms[2]!;
    room.autoRecord = false;
    await recorder.setLive(room.roomId, true, { webhooks: false });
    socket.push(groupMessage(GROUP, STRANGER, `录 ${room.roomId}`));
    socket.push(privateMessage(OWNER, `/rec ${room.roomId}`));
    await vi.waitFor(() => expect(socket!.calls).toHaveLength(1));
    expect(socket.calls[0]).toEqual({
      action: 'send_private_msg',
      params: {
        user_id: OWNER,
        message: `已让录播姬开始录制房间 ${room.roomId}。`,
        auto_escape: true,
      },
    });
    expect(room.recording).toBe(true);
    clock.advance(1000);
    socket.push(groupMessage(GROUP, MEMBER, '帮助'));
    await vi.waitFor(() => expect(socket!.calls).toHaveLength(2));
    expect(socket.calls[1]).toMatchObject({
      action: 'send_group_msg',
      params: { group_id: GROUP },
    });
    expect(socket.calls[1]!.params.message).toContain('谁在播（/live）');
  });

  it('an event older than two minutes (its `time`) is not run; two in one second run once', async () => {
    const { recorder, clock, h } = await appWithQq(`post=${KEY}&secret=${SECRET}`);
    const post = `${new URL(h.webhookUrl).origin}/phone/onebot/${KEY}`;
    const room = recorder.state.rooms[1]!;
    room.autoRecord = false;
    await recorder.setLive(room.roomId, true, { webhooks: false });
    const threeMinutesAgo = Math.floor(Date.now() / 1000) - 180;
    const old = await postEvent(
      post,
      privateMessage(OWNER, `录 ${room.roomId}`, threeMinutesAgo),
      SECRET,
    );
    expect(old.json).toEqual({
      reply: '太久了，没有执行：这条命令是两分钟以前发的。',
      auto_escape: true,
    });
    expect(room.recording).toBe(false);

    clock.advance(1000);
    const first = await postEvent(post, privateMessage(OWNER, '状态'), SECRET);
    const second = await postEvent(post, privateMessage(OWNER, '状态'), SECRET);
    expect(first.status).toBe(200);
    expect(second.json).toEqual({
      reply: '每秒只能执行一条命令：这条没有执行。',
      auto_escape: true,
    });
  });
});
