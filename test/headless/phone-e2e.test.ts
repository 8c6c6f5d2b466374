import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  startFakeTelegramBotApi,
  type FakeTelegramBotApi,
} from '../fakes/push-services/fake-telegram-bot-api';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';

const TOKEN = '123456:SECRETsecretSECRET_token';
const CHAT = 4242;
const running: HeadlessProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  await killAll(running);
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(): Promise<{ telegram: FakeTelegramBotApi; args: string[] }> {
  const telegram = await startFakeTelegramBotApi(TOKEN);
  const dataDir = await mkdtemp(join(tmpdir(), 'headless-phone-'));
  cleanups.push(
    () => telegram.close(),
    () => rm(dataDir, { recursive: true, force: true }),
  );
  const target = `tgram://${TOKEN}/${CHAT}?commands=yes&api=${telegram.url}`;
  return {
    telegram,
    args: ['--port', '0', '--no-desktop', '--data-dir', dataDir, '--lang', 'en', '--push', target],
  };
}

describe('headless with a Telegram target that takes commands', () => {
  it('prints a `phone` line per command taken, and the bot token in no output line', async () => {
    const { telegram, args } = await setup();
    const p = startHeadless(args);
    running.push(p);
    await p.waitFor((l) => l.type === 'ready');
    await vi.waitFor(() => expect(telegram.callsOf('getUpdates').length).toBeGreaterThan(1), {
      timeout: 10_000,
    });
    // The poll after the command's gets a 429: a `warning` line then names the bot as it waits.
    telegram.failNext('getUpdates', {
      code: 429,
      description: 'Too Many Requests: retry after 1',
      retryAfter: 1,
    });
    telegram.userSays(CHAT, CHAT, '/status');
    const line = await p.waitFor((l) => l.type === 'phone');
    expect(line).toMatchObject({ service: 'tgram', sender: String(CHAT) });
    expect(line.line).toBe('from Telegram: status');
    await vi.waitFor(
      () => expect(telegram.callsOf('sendMessage').map((c) => c.body.chat_id)).toContain(CHAT),
      { timeout: 10_000 },
    );
    const waiting = await p.waitFor((l) => l.type === 'warning' && /waiting/.test(l.message));
    expect(waiting.message).toBe(
      'phone: telegram bot 123456: waiting (Too Many Requests: retry after 1)',
    );
    const secret = TOKEN.split(':')[1]!;
    expect(JSON.stringify(p.lines)).not.toContain(secret);
    expect(p.stderr.join('\n')).not.toContain(secret);
  });
});
