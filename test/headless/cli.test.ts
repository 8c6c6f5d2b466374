import { mkdtemp, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureText } from '../helpers/fixtures';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';
import { postWebhook, rawRequest } from '../helpers/http';
import { savedHistory } from '../helpers/saved-history';

const running: HeadlessProcess[] = [];
afterEach(() => killAll(running));

async function launch(args: string[], env: NodeJS.ProcessEnv = {}) {
  const dataDir = args.includes('--data-dir') ? '' : await mkdtemp(join(tmpdir(), 'headless-'));
  const p = startHeadless(dataDir ? [...args, '--data-dir', dataDir] : args, env);
  running.push(p);
  return { p, dataDir };
}

const STREAM_STARTED = fixtureText('synthesized/webhook-v2-StreamStarted.json');
const FILE_CLOSED = fixtureText('real/webhook-v2-FileClosed.issue553.json');

describe('npm run headless', () => {
  it('prints a ready line, then one notification per real happening, and exits 0 when asked to stop', async () => {
    const { p } = await launch(['--port', '0', '--no-desktop']);
    const ready = await p.waitFor((l) => l.type === 'ready');
    expect(ready.webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/webhook$/);
    for (let i = 0; i < 3; i++)
      expect((await postWebhook(ready.webhookUrl, STREAM_STARTED)).status).toBe(204);
    await postWebhook(ready.webhookUrl, FILE_CLOSED);
    const live = await p.waitFor((l) => l.type === 'notification' && l.event === 'StreamStarted');
    expect(live).toMatchObject({
      roomIds: [23058],
      title: '3号直播间 开播了',
      body: '哔哩哔哩音悦台\n电台 · 唱见电台',
    });
    const file = await p.waitFor((l) => l.type === 'notification' && l.event === 'FileClosed');
    expect(file).toMatchObject({ roomIds: [11954219], title: '录制完成：露露自信一点' });
    expect(file.body).toContain('录制-11954219-20231128-225909-420-崩铁启动.flv');
    expect(await p.stop()).toBe(0);
    expect(p.lines.filter((l) => l.type === 'notification')).toHaveLength(2);
  });

  it('speaks English with --lang en', async () => {
    const { p } = await launch(['--port', '0', '--no-desktop', '--lang', 'en']);
    const ready = await p.waitFor((l) => l.type === 'ready');
    await postWebhook(ready.webhookUrl, STREAM_STARTED);
    expect(await p.waitFor((l) => l.type === 'notification')).toMatchObject({
      title: '3号直播间 is live',
    });
  });

  it('uses --token and --config (flags win over the file)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'headless-config-'));
    const config = join(dir, 'settings.json');
    await writeFile(
      config,
      JSON.stringify({ listener: { port: 1, token: 'from-file' }, language: 'en' }),
    );
    const { p } = await launch([
      '--port',
      '0',
      '--no-desktop',
      '--config',
      config,
      '--token',
      'from-flag',
    ]);
    const ready = await p.waitFor((l) => l.type === 'ready');
    expect(ready.webhookUrl).toMatch(/\/webhook\/from-flag$/);
    const base = ready.webhookUrl.replace(/\/webhook\/.*$/, '');
    expect((await postWebhook(`${base}/webhook`, STREAM_STARTED)).status).toBe(404);
    expect((await postWebhook(ready.webhookUrl, STREAM_STARTED)).status).toBe(204);
    expect(await p.waitFor((l) => l.type === 'notification')).toMatchObject({
      title: '3号直播间 is live',
    });
  });

  it.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['--port', 'eighty'], /--port must be a whole number/],
    [['--lang', 'fr'], /--lang must be zh-CN or en/],
    [['--config', '/nonexistent/settings.json'], /cannot read --config/],
    [['--host', ''], /bad option: listener\.host/],
    [['--token', 'has space'], /bad option: listener\.token/],
  ])('refuses %j with an error line and the usage (exit 2)', async (args, message) => {
    const { p } = await launch(args);
    expect(await p.exited).toBe(2);
    expect(p.lines).toEqual([{ type: 'error', message: expect.stringMatching(message) }]);
    expect(p.stderr.join('\n')).toContain('Usage: npm run headless');
  });

  it('refuses a non-loopback address without a token', async () => {
    const { p } = await launch(['--host', '0.0.0.0', '--port', '0']);
    expect(await p.exited).toBe(2);
    expect(p.lines[0]).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/without a token/),
    });
  });

  it('a config file that breaks the schema is refused with the field named', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'headless-config-'));
    const config = join(dir, 'settings.json');
    await writeFile(config, JSON.stringify({ listener: { port: 'high' } }));
    const { p } = await launch(['--config', config]);
    expect(await p.exited).toBe(2);
    expect(p.lines[0]?.message).toMatch(/listener\.port: expected number/);
  });
});

describe('durability: kill -9 right after a 2xx', () => {
  it('the event is processed to the end after a restart, once, and its retry is still a duplicate', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'headless-kill-'));
    const first = startHeadless(['--port', '0', '--no-desktop', '--data-dir', dataDir]);
    running.push(first);
    const ready = await first.waitFor((l) => l.type === 'ready');
    expect((await postWebhook(ready.webhookUrl, FILE_CLOSED)).status).toBe(204);
    first.child.kill('SIGKILL'); // inside the 2 s group window: nothing was decided yet
    await first.exited;
    expect(first.lines.filter((l) => l.type === 'notification')).toEqual([]);

    const second = startHeadless(['--port', '0', '--no-desktop', '--data-dir', dataDir]);
    running.push(second);
    const ready2 = await second.waitFor((l) => l.type === 'ready');
    // Recovered at start-up from the journal: it pops up as usual (it is fresh), once.
    const recovered = await second.waitFor((l) => l.type === 'notification', 30_000);
    expect(recovered).toMatchObject({ event: 'FileClosed' });
    expect(recovered.body).toContain('崩铁启动');
    expect((await postWebhook(ready2.webhookUrl, FILE_CLOSED)).status).toBe(204);
    const health = (
      await rawRequest(ready2.webhookUrl.replace('/webhook', '/health'))
    ).json() as any;
    expect(health.webhooks).toMatchObject({ received: 1, accepted: 0, duplicates: 1 });
    // The same file as V1 after the restart is the same happening too.
    const v1 = {
      EventRandomId: '0f0e0d0c-0b0a-4909-8807-060504030201',
      RoomId: 11954219,
      Name: '露露自信一点',
      Title: '赢一把就下播',
      RelativePath: '11954219-露露自信一点/录制-11954219-20231128-225909-420-崩铁启动.flv',
      FileSize: 477676836,
      StartRecordTime: '2023-11-28T22:59:09.420622+08:00',
      EndRecordTime: '2023-11-28T23:47:38.6967773+08:00',
    };
    expect((await postWebhook(ready2.webhookUrl, JSON.stringify(v1))).status).toBe(204);
    // Nothing to see is proved by something later that is seen: a new file of the same room,
    // posted after the V1, is decided after anything the V1 could have caused (in order, and any
    // grouping would put both in one popup).
    const later = JSON.parse(FILE_CLOSED);
    later.EventId = '5e9c3a7b-1d2f-4e6a-8b0c-9d8e7f6a5b4c';
    later.EventData.RelativePath = later.EventData.RelativePath.replace('崩铁启动', '下一局');
    expect((await postWebhook(ready2.webhookUrl, JSON.stringify(later))).status).toBe(204);
    const popup = await second.waitFor(
      (l) => l.type === 'notification' && l.body.includes('下一局'),
      30_000,
    );
    expect(popup.body).not.toContain('崩铁启动');
    expect(second.lines.filter((l) => l.type === 'notification')).toEqual([recovered, popup]);
    expect(await second.stop()).toBe(0);

    // The Files list and the notification history: each file once, each decision once.
    const { files, notifications } = savedHistory(dataDir);
    expect(files.map((f) => f.relativePath)).toEqual([
      v1.RelativePath,
      v1.RelativePath.replace('崩铁启动', '下一局'),
    ]);
    expect(notifications.map((n) => [n.notification.event, n.decision.shown])).toEqual([
      ['FileClosed', true],
      ['FileClosed', true],
    ]);
  }, 90_000); // two start-ups and two grouping windows, on a loaded machine

  it('starts with a warning when the journal of an old data folder ends in a torn line', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'headless-torn-'));
    await appendFile(
      join(dataDir, 'journal.jsonl'),
      '{"seq":1,"receivedAt":1,"source":"webhook","body":{"EventTy',
    );
    const { p } = await launch(['--port', '0', '--no-desktop', '--data-dir', dataDir]);
    const warning = await p.waitFor((l) => l.type === 'warning');
    expect(warning.message).toMatch(/cut short/);
    await p.waitFor((l) => l.type === 'ready');
  });
});
