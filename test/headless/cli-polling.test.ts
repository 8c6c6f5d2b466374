import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeRecorder, type FakeRecorder } from '../fakes/fake-recorder/index';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';

const running: HeadlessProcess[] = [];
const recorders: FakeRecorder[] = [];
afterEach(async () => {
  await killAll(running);
  for (const r of recorders.splice(0)) await r.close();
});

async function launch(args: string[], env: NodeJS.ProcessEnv = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'headless-poll-'));
  const p = startHeadless(
    [
      '--port',
      '0',
      '--no-desktop',
      '--lang',
      'en',
      '--data-dir',
      dataDir,
      '--poll-interval',
      '1',
      ...args,
    ],
    env,
  );
  running.push(p);
  await p.waitFor((l) => l.type === 'ready');
  return p;
}

async function recorder(options: Parameters<typeof startFakeRecorder>[0] = {}) {
  const r = await startFakeRecorder({ port: 0, rooms: 3, ...options });
  recorders.push(r);
  return r;
}

describe('headless: polling only (the recorder cannot reach the desktop)', () => {
  it('rooms already live at start-up are listed, not popped up; a later go-live seen by polling pops up once', async () => {
    const r = await recorder({ live: 1 });
    const p = await launch(['--recorder-url', r.url]);
    expect(await p.waitFor((l) => l.type === 'recorder')).toMatchObject({ status: 'ok' });
    const rooms = await p.waitFor((l) => l.type === 'rooms');
    expect(rooms.rooms).toHaveLength(3);
    expect(rooms.rooms.filter((room: { streaming: boolean }) => room.streaming)).toHaveLength(1);
    const idle = r.state.rooms.find((room) => !room.streaming)!;
    await r.setLive(idle.roomId, true, { webhooks: false });
    const popup = await p.waitFor((l) => l.type === 'notification');
    expect(popup).toMatchObject({
      event: 'StreamStarted',
      roomIds: [idle.roomId],
      title: `${idle.name} is live`,
    });
    // No second popup for it, proved by a later one: another room goes live, and its popup can
    // only come after further polls and a grouping window of its own (a repeat of the first room
    // would come before it, or with it in one popup).
    const other = r.state.rooms.find((room) => !room.streaming)!;
    await r.setLive(other.roomId, true, { webhooks: false });
    const next = await p.waitFor(
      (l) => l.type === 'notification' && l.roomIds.includes(other.roomId),
      30_000,
    );
    expect(next).toMatchObject({ event: 'StreamStarted', roomIds: [other.roomId] });
    expect(p.lines.filter((l) => l.type === 'notification')).toEqual([popup, next]);
  }, 90_000); // two go-lives, each after a poll and a grouping window, on a loaded machine

  it('--room limits polling to the configured rooms (short id matches)', async () => {
    const r = await recorder();
    const p = await launch(['--recorder-url', r.url, '--room', '3']);
    const rooms = await p.waitFor((l) => l.type === 'rooms');
    expect(rooms.rooms.map((room: { roomId: number }) => room.roomId)).toEqual([23058]);
  });
});

describe('headless: the recorder line explains what is wrong', () => {
  it.each([
    ['unauthorized', { user: 'admin', pass: '密码' }, [], /Basic auth/i],
    ['open-access-guard', { openAccessGuard: true }, [], /BREC_HTTP_OPEN_ACCESS/],
  ] as const)('%s', async (status, options, args, message) => {
    const r = await recorder(options);
    const p = await launch(['--recorder-url', r.url, ...args]);
    expect(await p.waitFor((l) => l.type === 'recorder')).toMatchObject({
      status,
      message: expect.stringMatching(message),
    });
  });

  it('Basic auth with a non-ASCII password from the environment works', async () => {
    const r = await recorder({ user: 'admin', pass: '密码' });
    const p = await launch(['--recorder-url', r.url, '--recorder-user', 'admin'], {
      RECORDER_TRAY_RECORDER_PASS: '密码',
    });
    expect(await p.waitFor((l) => l.type === 'recorder')).toMatchObject({ status: 'ok' });
  });

  it('a URL that is not a recorder', async () => {
    const r = await recorder();
    const p = await launch(['--recorder-url', `${r.url}/not-here`]);
    expect(await p.waitFor((l) => l.type === 'recorder')).toMatchObject({
      status: 'not-a-recorder',
    });
  });

  it('nothing listening', async () => {
    const r = await recorder();
    const url = r.url;
    await r.close();
    recorders.pop();
    const p = await launch(['--recorder-url', url]);
    expect(await p.waitFor((l) => l.type === 'recorder')).toMatchObject({
      status: 'unreachable',
      message: expect.stringMatching(/--bind/),
    });
  });
});
