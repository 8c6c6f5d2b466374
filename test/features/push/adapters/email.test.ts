import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPushSend } from '../../../../main/features/push/adapters/senders';
import type { PushMessage } from '../../../../main/features/push/core/push-message';
import {
  startFakeSmtpServer,
  type FakeSmtpServer,
} from '../../../fakes/push-services/fake-smtp-server';
import { pushTarget } from '../../../fakes/push-services/push-test-kit';

// A 1×1 PNG: a real image for the inline picture.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let dir: string;
const servers: FakeSmtpServer[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'email-push-'));
  await writeFile(join(dir, 'cover.png'), PNG);
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function smtp(options: Parameters<typeof startFakeSmtpServer>[0]) {
  const server = await startFakeSmtpServer(options);
  servers.push(server);
  return server;
}

const target = pushTarget;

function fileClosed(language: 'zh-CN' | 'en', coverPath?: string): PushMessage {
  return {
    title: language === 'en' ? 'Recording finished: 主播' : '录制完成：主播',
    body: 'rec-2026-11-24.flv\n1.5 GB · 1:02:03',
    click: 'https://live.bilibili.com/23058',
    language,
    facts: {
      name: '主播',
      title: '<b>今晚</b> 打游戏',
      area: '网游',
      file: 'rec-2026-11-24.flv',
      size: '1.5 GB',
      duration: '1:02:03',
      url: 'https://live.bilibili.com/23058',
    },
    pictures: {
      cover: { url: 'https://i0.hdslb.com/cover.png', ...(coverPath ? { path: coverPath } : {}) },
      face: { url: 'https://i0.hdslb.com/face.jpg', path: join(dir, 'missing.jpg') },
    },
  };
}

describe('email push over a real SMTP exchange (smtp-server)', () => {
  it('STARTTLS with a self-signed certificate, a login, two recipients and a cc: subject, both parts and the inline cover arrive', async () => {
    const server = await smtp({ user: 'tray', password: 's3cret-pass' });
    const send = createPushSend({ smtpCa: server.cert });
    const url = `mailtos://tray:s3cret-pass@127.0.0.1:${server.port}/a@example.org/b@example.org?from=tray@example.com&name=Recorder%20Tray&cc=c@example.org`;
    expect(target(url).target).toMatchObject({ mode: 'starttls', port: server.port });
    expect(await send(target(url), fileClosed('zh-CN', join(dir, 'cover.png')))).toEqual({
      ok: true,
    });
    const [got] = server.received;
    expect(got!.secure).toBe(true);
    expect(got!.user).toBe('tray');
    expect(got!.from).toBe('tray@example.com');
    expect(got!.to).toEqual(['a@example.org', 'b@example.org', 'c@example.org']);
    const mail = got!.mail;
    expect(mail.subject).toBe('录制完成：主播');
    expect(mail.from?.value).toEqual([{ name: 'Recorder Tray', address: 'tray@example.com' }]);
    expect(mail.text).toContain('主播: 主播');
    expect(mail.text).toContain('文件: rec-2026-11-24.flv');
    expect(mail.text).toContain('大小: 1.5 GB');
    expect(mail.text).toContain('时长: 1:02:03');
    expect(mail.text).toContain('直播间: https://live.bilibili.com/23058');
    const html = String(mail.html);
    expect(html).toContain('src="cid:cover@recorder-tray"');
    expect(html).toContain('&lt;b&gt;今晚&lt;/b&gt;'); // a title from a webhook stays text
    expect(html).toContain('href="https://live.bilibili.com/23058"');
    expect(html).not.toContain('cid:face@recorder-tray'); // its cached file is missing
    expect(mail.attachments).toHaveLength(1);
    const [cover] = mail.attachments;
    expect(cover).toMatchObject({
      cid: 'cover@recorder-tray',
      contentType: 'image/png',
      contentDisposition: 'inline',
    });
    expect(Buffer.compare(cover!.content, PNG)).toBe(0);
  });

  it('without cached pictures the message is complete, in English, with no attachment', async () => {
    const server = await smtp({ user: 'tray', password: 's3cret-pass' });
    const send = createPushSend({ smtpCa: server.cert });
    const url = `mailtos://tray:s3cret-pass@127.0.0.1:${server.port}?from=tray@example.com`;
    expect(await send(target(url), fileClosed('en'))).toEqual({ ok: true });
    const { mail, to } = server.received[0]!;
    expect(to).toEqual(['tray@example.com']); // no recipient: to the sender, as Apprise does
    expect(mail.subject).toBe('Recording finished: 主播');
    expect(mail.text).toContain('Length: 1:02:03');
    expect(String(mail.html)).toContain('Open the live room');
    expect(String(mail.html)).not.toContain('cid:');
    expect(mail.attachments).toEqual([]);
  });

  it('a wrong password is a bad login, the password masked; an untrusted certificate is said, and verify=no skips the check', async () => {
    const server = await smtp({ user: 'tray', password: 's3cret-pass' });
    const trusted = createPushSend({ smtpCa: server.cert });
    const wrong = `mailtos://tray:wrong-pass-99@127.0.0.1:${server.port}?from=tray@example.com`;
    const refused = await trusted(target(wrong), fileClosed('en'));
    expect(refused).toMatchObject({ ok: false, reason: 'badLogin' });
    expect(JSON.stringify(refused)).not.toContain('wrong-pass-99');

    const plain = createPushSend(); // the system's authorities only
    const good = `mailtos://tray:s3cret-pass@127.0.0.1:${server.port}?from=tray@example.com`;
    const untrusted = await plain(target(good), fileClosed('en'));
    expect(untrusted).toMatchObject({ ok: false, reason: 'badCertificate' });
    expect((untrusted as { detail: string }).detail).toMatch(/certificate/);
    expect(await plain(target(`${good}&verify=no`), fileClosed('en'))).toEqual({ ok: true });
    expect(server.received).toHaveLength(1);
  });

  it('TLS from the start (mode=ssl) and plain mailto:// (no STARTTLS even when offered)', async () => {
    const tls = await smtp({ user: 'tray', password: 'pw-123456', secure: true });
    const send = createPushSend({ smtpCa: tls.cert });
    const ssl = `mailtos://tray:pw-123456@127.0.0.1:${tls.port}/to@example.org?from=t@example.com&mode=ssl`;
    expect(await send(target(ssl), fileClosed('en'))).toEqual({ ok: true });
    expect(tls.received[0]!.secure).toBe(true);

    const open = await smtp({});
    // A user without a password names the sender and does not log in (as Apprise).
    const insecure = `mailto://robot@127.0.0.1:${open.port}/to@example.org`;
    expect(target(insecure).target).toMatchObject({ mode: 'insecure' });
    expect(await send(target(insecure), fileClosed('en'))).toEqual({ ok: true });
    expect(open.received[0]).toMatchObject({ secure: false, from: 'robot@127.0.0.1' });
    expect(open.received[0]!.user).toBeUndefined();
  });

  it('a server that is not there is unreachable (retried), not a refusal', async () => {
    const gone = await smtp({});
    await gone.close();
    servers.pop();
    const send = createPushSend({ timeoutMs: 2_000 });
    const outcome = await send(
      target(`mailto://127.0.0.1:${gone.port}?from=t@example.com`),
      fileClosed('en'),
    );
    expect(outcome).toMatchObject({ ok: false, reason: 'unreachable' });
  });
});
