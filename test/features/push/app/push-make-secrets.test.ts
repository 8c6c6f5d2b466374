import { describe, expect, it } from 'vitest';
import { pushHandlers } from '../../../../main/features/push/app/push-handlers';
import { MADE_SECRET_LENGTH } from '../../../../main/features/push/core/phone-secrets';
import { parsePushUrl } from '../../../../main/features/push/core/push-url';

// Only the handler that makes secrets is called: the sink and the bots are not reached.
const handlers = pushHandlers(
  { test: async () => ({ ok: true, target: '', message: '' }), lastResults: () => [] },
  { statusOf: () => undefined, sendCommands: async () => ({ ok: true }) },
  () => [],
);
const make = async (url: string) => (await handlers['push:makeSecrets']({ url })).url;
const query = (url: string) => new URLSearchParams(url.slice(url.indexOf('?') + 1));

describe('Settings → Push makes the secrets a target’s commands need (issue 43)', () => {
  it('makes ntfy’s control topic and secret: random, long enough, accepted and masked', async () => {
    const first = await make('ntfy://ntfy.example.com/alerts?commands=yes');
    const second = await make('ntfy://ntfy.example.com/alerts?commands=yes');
    const [a, b] = [query(first), query(second)];
    for (const name of ['control', 'secret']) {
      expect(a.get(name)).toMatch(new RegExp(`^[A-Za-z0-9]{${MADE_SECRET_LENGTH}}$`));
      expect(a.get(name)).not.toBe(b.get(name));
    }
    expect(a.get('control')).not.toBe(a.get('secret'));
    const parsed = parsePushUrl(first);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.secrets).toEqual(
      expect.arrayContaining([a.get('control'), a.get('secret')]),
    );
    expect(parsed.value.redacted).not.toContain(a.get('control'));
    expect(parsed.value.redacted).not.toContain(a.get('secret'));
  });

  it('makes OneBot’s post= key and its signing secret, keeping what was typed', async () => {
    const typed = 'onebot://tok@127.0.0.1:3000/user/12345678?commands=yes&members=12345678';
    const url = await make(typed);
    expect(url.startsWith(`${typed}&`)).toBe(true);
    const q = query(url);
    expect(q.get('post')).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(q.get('secret')).toMatch(/^[A-Za-z0-9]{32}$/);
    const parsed = parsePushUrl(url);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.secrets).toEqual(expect.arrayContaining([q.get('post'), q.get('secret')]));
    expect(parsed.value.redacted).not.toContain(q.get('post'));
    expect(parsed.value.redacted).not.toContain(q.get('secret'));
  });

  it('leaves alone what has its secrets, a forward WebSocket, and targets without commands', async () => {
    const kept = [
      'ntfy://ntfy.example.com/alerts?commands=yes&control=Zq8Zq8Zq8Zq8Zq8Zq8Zq8Zq8Zq&secret=s3cr3ts3cr3ts3cr3t',
      'onebot://127.0.0.1:3000/user/12345678?commands=yes&ws=ws://127.0.0.1:6700',
      'ntfy://ntfy.example.com/alerts',
      'tgram://123456:ABC/987654321?commands=yes',
    ];
    for (const url of kept) expect(await make(url)).toBe(url);
    // An empty one typed is replaced, not doubled.
    const filled = query(await make('ntfy://h.example/t?control=&commands=yes'));
    expect(filled.getAll('control')).toHaveLength(1);
    expect(filled.get('control')).toHaveLength(MADE_SECRET_LENGTH);
  });
});
