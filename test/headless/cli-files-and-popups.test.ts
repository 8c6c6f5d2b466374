import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureJson, fixtureText } from '../helpers/fixtures';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';
import { postWebhook } from '../helpers/http';
import {
  startNotificationSession,
  type NotificationSession,
} from '../helpers/notification-session';

const running: HeadlessProcess[] = [];
afterEach(() => killAll(running));

async function launch(args: string[], env: NodeJS.ProcessEnv = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'headless-files-'));
  const p = startHeadless(
    [...args, '--port', '0', '--data-dir', dataDir, '--recorder-url', ''],
    env,
  );
  running.push(p);
  return { p, ready: await p.waitFor((l) => l.type === 'ready') };
}

const RELATIVE = '23058-3号直播间/录制-23058-20240317-203703-677-哔哩哔哩音悦台.flv';

async function recordingRootWithFile(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'rec-root-'));
  await mkdir(join(root, '23058-3号直播间'));
  await writeFile(join(root, RELATIVE), 'flv');
  return root;
}

describe('headless: file actions follow --recording-root and path mappings', () => {
  it('without a recording root, a finished file has no click action', async () => {
    const { p, ready } = await launch(['--no-desktop']);
    await postWebhook(ready.webhookUrl, fixtureText('synthesized/webhook-v2-FileClosed.json'));
    const line = await p.waitFor((l) => l.type === 'notification');
    expect(line.action).toBeUndefined();
  });

  it('--recording-root → "show in folder" for the resolved file', async () => {
    const root = await recordingRootWithFile();
    const { p, ready } = await launch(['--no-desktop', '--recording-root', root]);
    await postWebhook(ready.webhookUrl, fixtureText('synthesized/webhook-v2-FileClosed.json'));
    const line = await p.waitFor((l) => l.type === 'notification');
    expect(line.action).toEqual({ kind: 'showFile', path: join(root, RELATIVE) });
  });

  it('a --config with a path mapping and openFileOnClick → "open file" at the mapped place', async () => {
    const local = await recordingRootWithFile();
    const dir = await mkdtemp(join(tmpdir(), 'headless-cfg-'));
    const config = join(dir, 'settings.json');
    await writeFile(
      config,
      JSON.stringify({
        recordingRoot: '/rec',
        pathMappings: [{ from: '/rec', to: local }],
        notifications: { openFileOnClick: true },
      }),
    );
    const { p, ready } = await launch(['--no-desktop', '--config', config]);
    await postWebhook(ready.webhookUrl, fixtureText('synthesized/webhook-v2-FileClosed.json'));
    const line = await p.waitFor((l) => l.type === 'notification');
    expect(line.action).toEqual({ kind: 'openFile', path: join(local, RELATIVE) });
  });

  it('a hostile RelativePath gets no action and a warning line', async () => {
    const root = await recordingRootWithFile();
    const { p, ready } = await launch(['--no-desktop', '--recording-root', root]);
    const body = fixtureJson<Record<string, any>>('synthesized/webhook-v2-FileClosed.json');
    body.EventData.RelativePath = '../../../../usr/bin/xterm';
    await postWebhook(ready.webhookUrl, JSON.stringify(body));
    const line = await p.waitFor((l) => l.type === 'notification');
    expect(line.action).toBeUndefined();
    expect(await p.waitFor((l) => l.type === 'warning')).toMatchObject({
      message: expect.stringMatching(/refused/),
    });
  });

  it('a go-live carries the live room URL', async () => {
    const { p, ready } = await launch(['--no-desktop']);
    await postWebhook(ready.webhookUrl, fixtureText('synthesized/webhook-v2-StreamStarted.json'));
    const line = await p.waitFor((l) => l.type === 'notification');
    expect(line.action).toEqual({ kind: 'openUrl', url: 'https://live.bilibili.com/23058' });
  });
});

describe('headless: desktop popups through notify-send reach the session bus', () => {
  let session: NotificationSession;
  beforeAll(async () => {
    session = await startNotificationSession();
  }, 60_000);
  afterAll(async () => {
    await session?.stop();
  });

  it('a go-live webhook becomes a Notify call with our app name and title', async () => {
    const { p, ready } = await launch(['--lang', 'zh-CN'], session.env);
    await postWebhook(ready.webhookUrl, fixtureText('synthesized/webhook-v2-StreamStarted.json'));
    await p.waitFor((l) => l.type === 'notification');
    const strings = await session.notifyStrings();
    expect(strings[0]).toBe('Recorder Tray');
    expect(strings[2]).toBe('3号直播间 开播了');
  });
});
