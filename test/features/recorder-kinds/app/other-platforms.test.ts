import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { roomOutcomeText } from '../../../../shared/i18n/room-commands';
import { platformRoom } from '../../../../shared/platforms';
import { startApp, stopApps, type AppHarness } from '../../../fakes/app-harness';
import {
  startFakeBililiveGo,
  type FakeBililiveGo,
} from '../../../fakes/recorder-kinds/fake-bililive-go';
import { BILILIVE_TOOLS, writeRecording } from '../../../fakes/recorder-kinds/kind-senders';
import { recorderSetting } from '../../../fakes/recorder-settings';
import { kindFixture } from '../../../helpers/kind-fixtures';
import { PhoneInbox } from '../../../../main/features/phone/app/phone-inbox';
import { memoryLogger } from '../../../fakes/silent-logger';

const fakes: FakeBililiveGo[] = [];
afterEach(async () => {
  await stopApps();
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

const ALL = { limit: 1000, offset: 0 };
const STREAMER = '七海Nana7mi';

/** The app with a BililiveRecorder first and a recorder of `kind` beside it, its root a temp folder. */
async function appWith(
  kind: 'bililive-go' | 'bililive-tools',
  url = '',
  language: 'en' | 'zh-CN' = 'en',
  dataDir?: string,
) {
  const root = await mkdtemp(join(tmpdir(), `${kind}-platform-`));
  const h = await startApp({
    ...(dataDir !== undefined ? { dataDir } : {}),
    settings: {
      language,
      notifications: { groupWindowSeconds: 0 },
      recorders: [
        recorderSetting({ url: '' }),
        recorderSetting({ id: 'other', kind, url, recordingRoot: root }),
      ],
    },
  });
  return { h, root, webhook: `${h.webhookUrl}/other` };
}

/** What a click on the room opens: the go-live popup, its open-room button, the window's link. */
async function opensOf(h: AppHarness, roomId: number): Promise<string[]> {
  const goLive = h.shown.find((n) => n.event === 'StreamStarted');
  h.opened.length = 0;
  if (goLive?.action) await h.app.runAction(goLive.action);
  if (goLive?.buttons?.includes('openRoom'))
    await vi.waitFor(async () =>
      expect(
        await h.app.handlers['notification:act']({ id: goLive.id, button: 'openRoom' }),
      ).toEqual({ ok: true }),
    );
  await h.app.handlers['link:open']({ kind: 'liveRoom', roomId });
  return [...h.opened];
}

describe("bililive-go: another platform's room over its Server-Sent Events", () => {
  it('pops up one go-live naming the platform, lists one file, opens only the fixed host, records by its URL', async () => {
    const live = kindFixture('bililive-go/live-douyin.json');
    // A room URL as bililive-go keeps it, with what must never reach the browser.
    live.live_url = 'http://live.douyin.com/123456789/?from=share#evil';
    const fake = await startFakeBililiveGo(live);
    fakes.push(fake);
    const { h, root } = await appWith('bililive-go', fake.url, 'zh-CN');
    await vi.waitFor(() => expect(fake.streams()).toBe(1));
    const task = kindFixture('bililive-go/pipeline-task.json');
    const video = join(root, 'douyin.flv');
    task.data.initial_files[0].path = video;
    await writeRecording(video, 2500);
    for (const frame of ['live-start.json', 'recorder-start.json'])
      fake.send(kindFixture(`bililive-go/${frame}`));
    fake.send(task);
    fake.send(kindFixture('bililive-go/recorder-stop.json'));
    fake.send(kindFixture('bililive-go/live-end.json'));

    const { roomId } = platformRoom('douyin', '123456789');
    await vi.waitFor(async () => {
      expect((await h.app.handlers['history:files'](ALL)).items).toEqual([
        expect.objectContaining({ roomId, platform: 'douyin', platformRoom: '123456789' }),
      ]);
      expect(h.shown.map((n) => n.event)).toContain('FileClosed');
    });
    const goLives = h.shown.filter((n) => n.event === 'StreamStarted');
    expect(goLives).toHaveLength(1);
    expect(goLives[0]!.title).toContain(`抖音 · ${STREAMER}`);
    expect(h.app.state().rooms).toContainEqual(
      expect.objectContaining({ roomId, recorderId: 'other', platform: 'douyin' }),
    );
    expect(await opensOf(h, roomId)).toEqual(
      Array(3).fill('url https://live.douyin.com/123456789'),
    );

    // Start / stop go to bililive-go's live whose URL stands for the room.
    const started = await h.app.handlers['room:command']({ roomId, command: 'start' });
    expect(started.ok).toBe(true);
    expect(fake.calls).toEqual([`POST /api/lives/${String(live.id)}/startRecord`]);
  });
});

describe.each([
  ['DouYin', '123456789', 'Douyin', 'https://live.douyin.com/123456789'],
  ['HuYa', 'lpl', 'Huya', 'https://www.huya.com/lpl'],
])("biliLive-tools: a %s room through the app's webhook", (platform, key, name, page) => {
  it('pops up one go-live naming the platform, lists one file, opens only the fixed host', async () => {
    const { h, root, webhook } = await appWith('bililive-tools');
    await writeRecording(BILILIVE_TOOLS.filePath(root), 1200);
    for (const body of BILILIVE_TOOLS.session(root) as Record<string, any>[]) {
      if (body.type !== 'file_created' && body.type !== 'task') {
        body.data.platform = platform;
        body.data.roomId = key;
      }
      expect((await BILILIVE_TOOLS.post(webhook, body)).status).toBe(204);
    }
    const { roomId } = platformRoom(platform, key);
    await vi.waitFor(async () => {
      expect((await h.app.handlers['history:files'](ALL)).items).toEqual([
        expect.objectContaining({ roomId, platform: platform.toLowerCase(), fileSize: 1200 }),
      ]);
      expect(h.shown.map((n) => n.event)).toEqual(['StreamStarted', 'FileClosed']);
    });
    expect(h.shown[0]!.title).toContain(`${name} · ${STREAMER}`);
    expect(h.shown[1]!.title).toContain(`${name} · ${STREAMER}`);
    expect(await opensOf(h, roomId)).toEqual(Array(3).fill(`url ${page}`));
    // Not BililiveRecorder's room: refused before its API is looked for.
    const removed = await h.app.handlers['room:remove']({ roomId, recorderId: 'default' });
    expect(removed).toEqual({ ok: false, message: roomOutcomeText('roomNotFound', 'en', roomId) });
  });
});

describe('biliLive-tools: a platform not in the table, and bilibili', () => {
  it('follows a room of an unknown platform, named as sent, with no page to open', async () => {
    const { h, webhook } = await appWith('bililive-tools');
    const start = kindFixture('bililive-tools/record-start-douyu.json');
    start.data.platform = 'SomeLive';
    expect((await BILILIVE_TOOLS.post(webhook, start)).status).toBe(204);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1));
    expect(h.shown[0]!.title).toContain(`SomeLive · ${STREAMER}`);
    expect(h.shown[0]!.action).toBeUndefined();
    expect(h.shown[0]!.buttons).not.toContain('openRoom');
    const { roomId } = platformRoom('SomeLive', '9999');
    expect(await opensOf(h, roomId)).toEqual([]);
  });

  it('keeps a bilibili room its number and its page, as before', async () => {
    const { h, webhook } = await appWith('bililive-tools');
    expect(
      (await BILILIVE_TOOLS.post(webhook, kindFixture('bililive-tools/record-start.json'))).status,
    ).toBe(204);
    await vi.waitFor(() => expect(h.shown).toHaveLength(1));
    expect(h.shown[0]!.title).toContain(STREAMER);
    expect(h.shown[0]!.title).not.toContain(' · ');
    const room = h.app.state().rooms.find((r) => r.recorderId === 'other');
    expect(room).toMatchObject({ roomId: 21452505 });
    expect(room?.platform).toBeUndefined();
    expect(await opensOf(h, 21452505)).toEqual(
      Array(3).fill('url https://live.bilibili.com/21452505'),
    );
  });

  it("keeps another platform's room after a restart (its platform is in the journal)", async () => {
    const first = await appWith('bililive-tools');
    const start = kindFixture('bililive-tools/record-start-douyu.json');
    start.data.platform = 'HuYa';
    start.data.roomId = 'lpl';
    expect((await BILILIVE_TOOLS.post(first.webhook, start)).status).toBe(204);
    await vi.waitFor(() => expect(first.h.shown).toHaveLength(1));
    await first.h.app.stop();
    const { h } = await appWith('bililive-tools', '', 'en', first.h.dataDir);
    const { roomId } = platformRoom('huya', 'lpl');
    expect(h.app.state().rooms).toContainEqual(
      expect.objectContaining({ roomId, platform: 'huya', platformRoom: 'lpl', streaming: true }),
    );
    expect(await opensOf(h, roomId)).toEqual(['url https://www.huya.com/lpl']); // the window's link
  });
});

describe("the phone and another platform's room", () => {
  it('lists it as live with its platform and key, and names it by that key', async () => {
    const { h, root, webhook } = await appWith('bililive-tools');
    const [start] = BILILIVE_TOOLS.session(root) as Record<string, any>[];
    start!.data.platform = 'DouYin';
    start!.data.roomId = '123456789';
    expect((await BILILIVE_TOOLS.post(webhook, start)).status).toBe(204);
    const { roomId } = platformRoom('DouYin', '123456789');
    await vi.waitFor(() =>
      expect(h.app.state().rooms.find((r) => r.roomId === roomId)?.streaming).toBe(true),
    );
    let now = Date.now();
    const inbox = new PhoneInbox({
      calls: h.app.handlers,
      state: () => h.app.state(),
      settings: () => h.app.settings(),
      language: () => 'en',
      clock: () => now,
      log: memoryLogger(),
      onCommand: () => {},
    });
    const message = (text: string) => ({
      service: 'tgram' as const,
      chat: '42',
      sender: '42',
      allowed: true,
      sentAt: now,
      text,
    });
    expect(await inbox.take(message('/live'))).toMatch(
      new RegExp(`^Live now:\\n• Douyin · ${STREAMER} \\(123456789\\) · `),
    );
    now += 1500; // one command a second per chat
    expect(await inbox.take(message('/mute 123456789'))).toContain(String(roomId));
    expect(h.app.settings().notifications.mutedRoomsUntil.map((m) => m.roomId)).toEqual([roomId]);
  });
});
