import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFakeSmtpServer, type FakeSmtpServer } from '../fakes/push-services/fake-smtp-server';
import { fixtureText } from '../helpers/fixtures';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';
import { postWebhook } from '../helpers/http';

const STREAM_STARTED = fixtureText('synthesized/webhook-v2-StreamStarted.json');
const running: HeadlessProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  await killAll(running);
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('headless --push mailto://', () => {
  it('emails a go-live through a real SMTP server: subject, both parts, the room link; the password never printed', async () => {
    const smtp: FakeSmtpServer = await startFakeSmtpServer({
      user: 'tray',
      password: 'mail-pass-42',
      insecure: true,
    });
    const dataDir = await mkdtemp(join(tmpdir(), 'headless-email-'));
    cleanups.push(
      () => smtp.close(),
      () => rm(dataDir, { recursive: true, force: true }),
    );
    // Plain SMTP on loopback (Apprise's mailto://): the child need not trust the test's certificate.
    const target = `mailto://tray:mail-pass-42@127.0.0.1:${smtp.port}/fan@example.org?from=tray@example.com`;
    const p = startHeadless([
      '--port',
      '0',
      '--no-desktop',
      '--data-dir',
      dataDir,
      '--lang',
      'zh-CN',
      '--push',
      target,
    ]);
    running.push(p);
    const ready = await p.waitFor((l) => l.type === 'ready');
    expect((await postWebhook(ready.webhookUrl, STREAM_STARTED)).status).toBe(204);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), {
      timeout: 10_000,
      interval: 50,
    });
    const { mail, to, user } = smtp.received[0]!;
    expect(user).toBe('tray');
    expect(to).toEqual(['fan@example.org']);
    expect(mail.subject).toBe('3号直播间 开播了');
    expect(mail.text).toContain('直播间: https://live.bilibili.com/23058');
    expect(String(mail.html)).toContain('打开直播间');
    const line = await p.waitFor((l) => l.type === 'push' && l.status === 'sent');
    expect(line.target).toBe(`mailto://tray:***@127.0.0.1:${smtp.port}/fan@example.org`);
    expect(JSON.stringify(p.lines)).not.toContain('mail-pass-42');
    expect(p.stderr.join('\n')).not.toContain('mail-pass-42');
  }, 30_000);
});
