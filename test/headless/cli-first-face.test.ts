import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addFakeRoom, startFakeLiveApi, type FakeLiveApi } from '../fakes/bilibili/fake-live-api';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';
import { postWebhook } from '../helpers/http';
import { v2 } from '../helpers/recorder-events';

const running: HeadlessProcess[] = [];
const temps: string[] = [];
let api: FakeLiveApi | undefined;
afterEach(async () => {
  await killAll(running);
  await api?.close();
  for (const dir of temps.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('headless: the first popup of a room shows its face', () => {
  it('without a grouping hold, the first go-live line has icon and image (webhooks only)', async () => {
    api = await startFakeLiveApi();
    addFakeRoom(api, { roomId: 7001 });
    const dir = await mkdtemp(join(tmpdir(), 'headless-face-'));
    temps.push(dir);
    const config = join(dir, 'config.json');
    await writeFile(config, JSON.stringify({ notifications: { groupWindowSeconds: 0 } }));
    const p = startHeadless([
      ...['--port', '0', '--no-desktop', '--recorder-url', '', '--config', config],
      ...['--data-dir', join(dir, 'data'), '--live-api-host', api.url],
    ]);
    running.push(p);
    const ready = await p.waitFor((l) => l.type === 'ready');
    const live = v2(
      'StreamStarted',
      { roomId: 7001 },
      0,
      {},
      { streaming: true, recording: false },
    );
    expect((await postWebhook(ready.webhookUrl, JSON.stringify(live))).status).toBe(204);
    const line = await p.waitFor((l) => l.type === 'notification' && l.event === 'StreamStarted');
    expect(line.icon).toEqual(expect.any(String));
    expect(line.image).toEqual(expect.any(String));
    expect((await readFile(line.icon)).equals(api.images.get('face-7001.png')!.bytes)).toBe(true);
  });
});
