import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PushTargetSetting } from '../../../../shared/settings';
import { createPushSend } from '../../../../main/features/push/adapters/senders';
import { startApp, stopApps } from '../../../fakes/app-harness';
import { bililiveToolsService } from '../../../fakes/bililive-tools/fake-bililive-tools';
import { fakePushServers, pushTarget } from '../../../fakes/push-services/push-test-kit';
import { oneRecorder } from '../../../fakes/recorder-settings';
import { fixtureText } from '../../../helpers/fixtures';
import { postWebhook } from '../../../helpers/http';

const fake = fakePushServers();
afterEach(stopApps);

const handOff = {
  event: 'FileClosed' as const,
  filePath: '/rec/a.flv',
  roomId: 23058,
  time: '2024-03-17T13:42:10.000Z',
  title: '哔哩哔哩音悦台',
  username: '3号直播间',
  platform: 'bilibili',
};

describe('bililive-tools push target', () => {
  it("POSTs a finished file to /webhook/custom as biliLive-tools' body, and says its refusal", async () => {
    const server = await fake(bililiveToolsService());
    const send = createPushSend();
    const target = pushTarget(`bililive-tools://127.0.0.1:${server.port}`);
    expect(await send(target, { title: 't', body: 'b', handOff })).toEqual({ ok: true });
    expect(server.received).toHaveLength(1);
    expect(server.received[0]).toMatchObject({ method: 'POST', path: '/webhook/custom' });
    expect(server.received[0]!.body).toEqual(handOff);
    const refused = await send(target, {
      title: 't',
      body: 'b',
      handOff: { ...handOff, title: '' },
    });
    expect(refused).toEqual({
      ok: false,
      reason: 'serverError',
      detail: 'HTTP 500: "title is required"',
    });
  });

  it('a test (no file) only checks that its webhook server answers, and says when it does not', async () => {
    const server = await fake(bililiveToolsService());
    const send = createPushSend();
    const target = pushTarget(`bililive-tools://127.0.0.1:${server.port}`);
    expect(await send(target, { title: 'test', body: 'test' })).toEqual({ ok: true });
    expect(server.received.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /webhook']);
    await server.close();
    expect(await send(target, { title: 'test', body: 'test' })).toMatchObject({
      ok: false,
      reason: 'unreachable',
    });
  });

  it('a finished file reaches a fake biliLive-tools through the app, with its absolute path', async () => {
    const server = await fake(bililiveToolsService());
    const root = await mkdtemp(join(tmpdir(), 'rec-'));
    const event = JSON.parse(fixtureText('synthesized/webhook-v2-FileClosed.json'));
    const relative: string = event.EventData.RelativePath;
    await mkdir(join(root, relative, '..'), { recursive: true });
    await writeFile(join(root, relative), 'flv');
    const h = await startApp({
      settings: {
        ...oneRecorder({ url: '', recordingRoot: root }),
        pushTargets: [
          PushTargetSetting.parse({ url: `bililive-tools://127.0.0.1:${server.port}` }),
        ],
      },
    });
    expect((await postWebhook(h.webhookUrl, JSON.stringify(event))).status).toBe(204);
    await vi.waitFor(() => expect(server.received).toHaveLength(1), { timeout: 10_000 });
    expect(server.received[0]!.path).toBe('/webhook/custom');
    expect(server.received[0]!.body).toEqual({
      event: 'FileClosed',
      filePath: join(root, relative),
      roomId: 23058,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      title: '哔哩哔哩音悦台',
      username: '3号直播间',
      platform: 'bilibili',
    });
  });
});
