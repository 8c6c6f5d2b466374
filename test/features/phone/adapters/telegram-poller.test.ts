import { afterEach, describe, expect, it, vi } from 'vitest';
import { TelegramApi } from '../../../../main/features/phone/adapters/telegram-api';
import {
  TelegramPoller,
  type BotConnection,
} from '../../../../main/features/phone/adapters/telegram-poller';
import type { TelegramUpdate } from '../../../../main/features/phone/adapters/telegram-updates';
import {
  startFakeTelegramBotApi,
  type FakeTelegramBotApi,
} from '../../../fakes/push-services/fake-telegram-bot-api';
import { memoryLogger } from '../../../fakes/silent-logger';

const TOKEN = '777:SECRETsecretSECRET';
let fake: FakeTelegramBotApi | undefined;
let poller: TelegramPoller | undefined;
afterEach(async () => {
  await poller?.stop();
  await fake?.close();
  poller = fake = undefined;
});

async function polling(token = TOKEN, before?: (fake: FakeTelegramBotApi) => void) {
  fake = await startFakeTelegramBotApi(TOKEN);
  before?.(fake);
  const log = memoryLogger();
  const updates: TelegramUpdate[] = [];
  const backlog: boolean[] = [];
  const states: BotConnection[] = [];
  poller = new TelegramPoller({
    api: new TelegramApi(fake.url, token),
    log,
    name: 'telegram bot 777',
    onUpdates: async (batch, late) => {
      updates.push(...batch);
      backlog.push(...batch.map(() => late));
    },
    onConnection: (state) => states.push(state),
    backOffMs: { first: 10, max: 40 },
  });
  poller.start();
  return { fake, log, updates, states, backlog };
}

describe('getUpdates long polling (fake Bot API)', () => {
  it('confirms each update with the next offset, so none comes twice', async () => {
    const { fake, updates } = await polling();
    fake.userSays(1, 1, 'one');
    fake.userSays(1, 1, 'two');
    await vi.waitFor(() => expect(updates.map((u) => u.message?.text)).toEqual(['one', 'two']));
    fake.userSays(1, 1, 'three');
    await vi.waitFor(() => expect(updates).toHaveLength(3));
    const offsets = fake.callsOf('getUpdates').map((c) => c.body.offset);
    expect(offsets).toContain(updates[2]!.update_id); // the poll after the first two confirmed them
    expect(new Set(updates.map((u) => u.update_id)).size).toBe(3);
    expect(offsets[0]).toBeUndefined();
  });

  it('stops on a wrong token (401) and says so without the token', async () => {
    const { log, states, fake } = await polling('777:WRONGwrongWRONG');
    await vi.waitFor(() => expect(states).toContain('badToken'));
    expect(fake.callsOf('getUpdates')).toEqual([]); // the fake records only calls with the right token
    expect(log.lines).toEqual(['warn phone: telegram bot 777: badToken (401: Unauthorized)']);
  });

  it('backs off on 409 (another poller or a webhook) and resumes', async () => {
    const { fake, states, updates, log } = await polling();
    await vi.waitFor(() => expect(fake.callsOf('getUpdates').length).toBeGreaterThan(0));
    fake.failNext('getUpdates', {
      code: 409,
      description:
        "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
    });
    fake.failNext('getUpdates', { code: 502, description: 'Bad Gateway' });
    fake.userSays(1, 1, 'after');
    await vi.waitFor(() => expect(updates.map((u) => u.message?.text)).toEqual(['after']));
    fake.userSays(1, 1, 'again');
    await vi.waitFor(() => expect(updates).toHaveLength(2));
    expect(states).toEqual(['connected', 'conflict', 'unreachable', 'connected']);
    expect(log.lines.some((l) => l.includes('conflict (409: Conflict'))).toBe(true);
  });

  it('tells the backlog apart: what waited before the start and after a failure, read by 0 s polls', async () => {
    const { fake, updates, backlog } = await polling(TOKEN, (fake) =>
      fake.userPresses(1, 1, 'act:n1:record'),
    );
    await vi.waitFor(() => expect(updates).toHaveLength(1));
    expect(fake.callsOf('getUpdates')[0]!.body.timeout).toBe(0);
    await vi.waitFor(() => expect(fake.callsOf('getUpdates').at(-1)!.body.timeout).toBe(25));
    fake.userPresses(1, 1, 'act:n2:record');
    await vi.waitFor(() => expect(updates).toHaveLength(2));
    // Polls so far: the drain (n1), the long poll that brought n2, and the next one, waiting: the
    // message below ends it, and the poll after gets the 502.
    await vi.waitFor(() => expect(fake.callsOf('getUpdates')).toHaveLength(3));
    fake.failNext('getUpdates', { code: 502, description: 'Bad Gateway' });
    fake.userSays(1, 1, 'ends the poll under way'); // the next poll gets the 502
    fake.userPresses(1, 1, 'act:n3:record'); // waits on the fake through the back-off
    await vi.waitFor(() => expect(updates).toHaveLength(4));
    expect(backlog).toEqual([true, false, false, true]);
  });
});
