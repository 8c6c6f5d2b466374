import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeRecorder, type FakeRecorder } from '../fakes/fake-recorder/index';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';
import { bridgeCaller, cookieParts, filesUnder } from '../helpers/preview-bridge';
import { ensureRendererBuilt, RENDERER_INDEX } from '../helpers/renderer-build';

// Two recorders in one app: a PC with two rooms and a NAS with three, the first two on both (a hot
// standby). Each recorder sends to its own webhook URL; the NAS is connected in one click.

const running: HeadlessProcess[] = [];
const recorders: FakeRecorder[] = [];
afterEach(async () => {
  await killAll(running);
  for (const r of recorders.splice(0)) await r.close();
});

// The contract is served by the browser preview's bridge, which starts only beside a built window.
beforeAll(() => {
  if (!existsSync(RENDERER_INDEX)) ensureRendererBuilt();
}, 180_000);

type Line = Record<string, any>;

async function fake(rooms: number): Promise<FakeRecorder> {
  const recorder = await startFakeRecorder({ rooms, retryDelaysMs: [10, 10] });
  recorders.push(recorder);
  return recorder;
}

/** Headless mode watching both recorders, with the contract reachable over the preview's bridge. */
async function launch(pc: FakeRecorder, nas: FakeRecorder) {
  const dataDir = await mkdtemp(join(tmpdir(), 'headless-recorders-'));
  const config = join(dataDir, 'config.json');
  await writeFile(
    config,
    JSON.stringify({
      recorders: [
        { id: 'pc', name: 'PC', url: pc.url, pollIntervalSeconds: 1 },
        { id: 'nas', name: 'NAS', url: nas.url, pollIntervalSeconds: 1 },
      ],
      // Every happening pops up as itself: popups can be counted per happening.
      notifications: { groupWindowSeconds: 0 },
    }),
  );
  const p = startHeadless([
    ...['--port', '0', '--ui-port', '0', '--no-desktop', '--lang', 'en'],
    ...['--data-dir', dataDir, '--config', config],
  ]);
  running.push(p);
  const ready = await p.waitFor((l) => l.type === 'ready' || l.type === 'error', 25_000);
  expect(ready).toMatchObject({ type: 'ready', uiUrl: expect.any(String) });
  const call = bridgeCaller(ready.uiUrl);
  return { p, ready, call, dataDir };
}

const status = (p: HeadlessProcess, recorderId: string, value: string) =>
  p.waitFor((l) => l.type === 'recorder' && l.recorderId === recorderId && l.status === value);

describe('headless: several recorders', () => {
  it('attributes each URL, pops a hot-standby room up once, commands the right recorder, and connects in one click', async () => {
    const pc = await fake(2);
    const nas = await fake(3);
    const { p, ready, call, dataDir } = await launch(pc, nas);
    // The first recorder keeps the plain URL; the others get their own.
    expect(ready.webhookUrls).toEqual({
      pc: ready.webhookUrl,
      nas: `${ready.webhookUrl}/nas`,
    });
    expect(ready.webhookUrl).toMatch(/\/webhook$/);
    await Promise.all([status(p, 'pc', 'ok'), status(p, 'nas', 'ok')]);
    // Once a recorder answers, whether its webhooks point here is read from its settings.
    await vi.waitFor(async () => {
      const webhooks = (await call('state:get')).recorders.map((r: Line) => r.webhooks);
      expect(webhooks).toEqual(['not set', 'not set']);
    });
    pc.addWebhook(ready.webhookUrls.pc); // the PC by hand, as a user pastes the URL

    // Connect the NAS in one click: its URL goes into its own webhook list, once.
    expect(await call('recorder:connect', { recorderId: 'nas' })).toMatchObject({
      ok: true,
      webhooks: 'set',
    });
    expect(await call('recorder:connect', { recorderId: 'nas' })).toMatchObject({ ok: true });
    expect(nas.state.globalConfig.webhookUrlsV2()).toEqual([ready.webhookUrls.nas]);
    expect(pc.state.globalConfig.webhookUrlsV2()).toEqual([ready.webhookUrls.pc]);
    expect(await call('recorder:check', { recorderId: 'pc' })).toMatchObject({ webhooks: 'set' });
    const state = await call('state:get');
    expect(state.recorders.map((r: Line) => [r.id, r.name, r.status, r.webhooks])).toEqual([
      ['pc', 'PC', 'ok', 'set'],
      ['nas', 'NAS', 'ok', 'set'],
    ]);

    // A hot standby: room 23058 goes live on both; one popup, from whichever told first.
    await pc.setLive(23058, true);
    await nas.setLive(23058, true);
    const live = await p.waitFor((l) => l.type === 'notification' && l.event === 'StreamStarted');
    expect(live).toMatchObject({ roomIds: [23058], recorderIds: ['pc'] });
    // Each recorder's file pops up on its own, named by its recorder.
    await pc.setLive(23058, false);
    await nas.setLive(23058, false);
    const files = await Promise.all(
      ['pc', 'nas'].map((id) =>
        p.waitFor(
          (l) => l.type === 'notification' && l.event === 'FileClosed' && l.recorderIds[0] === id,
        ),
      ),
    );
    expect(files.map((f) => f.roomIds)).toEqual([[23058], [23058]]);
    // A room only the NAS has goes live: its popup comes after every earlier one, and the
    // hot-standby room never popped up a second time.
    const nasOnly = nas.state.rooms[2]!;
    await nas.setLive(nasOnly.roomId, true);
    await p.waitFor((l) => l.type === 'notification' && l.roomIds.includes(nasOnly.roomId));
    const goLives = p.lines.filter((l) => l.type === 'notification' && l.event === 'StreamStarted');
    expect(goLives.map((l) => [l.roomIds, l.recorderIds])).toEqual([
      [[23058], ['pc']],
      [[nasOnly.roomId], ['nas']],
    ]);

    // Commands: a room one recorder has goes to it; a room on both needs the recorder named.
    expect(await call('room:command', { roomId: nasOnly.roomId, command: 'stop' })).toMatchObject({
      ok: true,
    });
    expect(nas.state.rooms[2]!.recording).toBe(false);
    await pc.setLive(23058, true, { webhooks: false });
    await nas.setLive(23058, true, { webhooks: false });
    await p.waitFor(
      (l) =>
        l.type === 'rooms' &&
        l.rooms.filter((r: Line) => r.roomId === 23058 && r.streaming).length === 2,
    );
    const both = await call('room:command', { roomId: 23058, command: 'split' });
    expect(both).toEqual({
      ok: false,
      message: 'Room 23058 is on several recorders (PC, NAS): say which one.',
    });
    const before = { pc: pc.state.rooms[0]!.file, nas: nas.state.rooms[0]!.file };
    expect(
      await call('room:command', { roomId: 23058, command: 'split', recorderId: 'nas' }),
    ).toMatchObject({ ok: true });
    expect(nas.state.rooms[0]!.file).not.toEqual(before.nas);
    expect(pc.state.rooms[0]!.file).toEqual(before.pc);

    // One recorder down leaves the other ok.
    await pc.close();
    recorders.splice(recorders.indexOf(pc), 1);
    await status(p, 'pc', 'unreachable');
    const after = await call('state:get');
    expect(after.recorders.map((r: Line) => [r.id, r.status])).toEqual([
      ['pc', 'unreachable'],
      ['nas', 'ok'],
    ]);
    expect(after.recorder.message).toMatch(/^PC: /);

    // The login cookie of the recorders' settings is in no output, log or file.
    await p.stop();
    expect(cookieParts(JSON.stringify(p.lines))).toEqual([]);
    expect(cookieParts(p.stderr.join('\n'))).toEqual([]);
    for (const file of await filesUnder(dataDir))
      expect(cookieParts(file.text), file.path).toEqual([]);
  }, 120_000);

  it('starts on a settings file of the old layout: its URL and /webhook path kept, migrated once, the old file kept aside', async () => {
    const pc = await fake(2);
    const dataDir = await mkdtemp(join(tmpdir(), 'headless-v1-'));
    const v1 = {
      version: 1,
      language: 'en',
      listener: { host: '127.0.0.1', port: 0, token: '' },
      recorder: { url: pc.url, pollIntervalSeconds: 1, rooms: [23058] },
      recordingRoot: '/rec',
      pathMappings: [{ from: '/rec', to: dataDir }],
    };
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify(v1));
    const start = () => {
      const p = startHeadless(['--no-desktop', '--data-dir', dataDir]);
      running.push(p);
      return p;
    };
    const p = start();
    const ready = await p.waitFor((l) => l.type === 'ready', 25_000);
    expect(ready.webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhook$/);
    pc.addWebhook(ready.webhookUrl);
    await status(p, 'default', 'ok');
    await pc.setLive(23058, true);
    expect(
      await p.waitFor((l) => l.type === 'notification' && l.event === 'StreamStarted'),
    ).toMatchObject({ roomIds: [23058], recorderIds: ['default'] });

    const stored = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8'));
    expect(stored).toMatchObject({
      version: 3,
      recorders: [
        {
          id: 'default',
          url: pc.url,
          pollIntervalSeconds: 1,
          rooms: [23058],
          recordingRoot: '/rec',
          pathMappings: v1.pathMappings,
        },
      ],
    });
    expect(stored.recorder).toBeUndefined();
    const kept = (await readdir(dataDir)).filter((name) => /^settings\..+\.json$/.test(name));
    expect(kept).toHaveLength(1);
    expect(JSON.parse(await readFile(join(dataDir, kept[0]!), 'utf8'))).toEqual(v1);

    // A second start reads the new layout as it is: no second migration, no second copy.
    await p.stop();
    const again = start();
    await again.waitFor((l) => l.type === 'ready', 25_000);
    expect((await readdir(dataDir)).filter((name) => /^settings\..+\.json$/.test(name))).toEqual(
      kept,
    );
    expect(again.stderr.join('\n')).not.toMatch(/migrated/);
  }, 90_000);
});
