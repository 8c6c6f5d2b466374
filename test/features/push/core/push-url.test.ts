import { describe, expect, it } from 'vitest';
import {
  parsePushUrl,
  redactPushUrl,
  redactText,
} from '../../../../main/features/push/core/push-url';

function parsed(url: string) {
  const result = parsePushUrl(url);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('Apprise-style push URLs', () => {
  it('reads ntfy: the public server, a private one, https, tokens and basic auth', () => {
    expect(parsed('ntfy://my-topic').target).toEqual({
      service: 'ntfy',
      origin: 'https://ntfy.sh',
      topics: ['my-topic'],
    });
    expect(parsed('ntfy://127.0.0.1:8080/a/b').target).toMatchObject({
      origin: 'http://127.0.0.1:8080',
      topics: ['a', 'b'],
    });
    expect(parsed('ntfys://tk_abc123@ntfy.example.com/t1').target).toMatchObject({
      origin: 'https://ntfy.example.com',
      auth: { kind: 'bearer', token: 'tk_abc123' },
    });
    expect(parsed('ntfy://me:pa%40ss@host/t1').target).toMatchObject({
      auth: { kind: 'basic', user: 'me', password: 'pa@ss' },
    });
  });

  it('reads bark, gotify (with a path prefix), telegram, ServerChan, PushPlus, WeCom and json', () => {
    expect(parsed('barks://api.day.app/KEY1/KEY2?sound=alarm').target).toEqual({
      service: 'bark',
      origin: 'https://api.day.app',
      deviceKeys: ['KEY1', 'KEY2'],
      params: { sound: 'alarm' },
    });
    expect(parsed('gotify://host:81/sub/dir/Tok.en?priority=8').target).toEqual({
      service: 'gotify',
      origin: 'http://host:81',
      path: '/sub/dir',
      token: 'Tok.en',
      priority: 8,
    });
    expect(parsed('tgram://bot123456:AA-bb_CC/-100200/@channel').target).toEqual({
      service: 'tgram',
      botToken: '123456:AA-bb_CC',
      chatIds: ['-100200', '@channel'],
    });
    expect(parsed('schan://SCT12345xyz').target).toEqual({
      service: 'schan',
      sendKey: 'SCT12345xyz',
    });
    expect(parsed('pushplus://abcdef0123').target).toEqual({
      service: 'pushplus',
      token: 'abcdef0123',
    });
    expect(parsed('wecombot://693a-91f6-7x').target).toEqual({
      service: 'wecombot',
      key: '693a-91f6-7x',
    });
    expect(parsed('jsons://u:p4ss@example.com:8443/hooks/x').target).toEqual({
      service: 'json',
      url: 'https://example.com:8443/hooks/x',
      auth: { kind: 'basic', user: 'u', password: 'p4ss' },
    });
  });

  it('refuses what it cannot send to, in plain words', () => {
    expect(parsePushUrl('irc://x@y')).toMatchObject({
      ok: false,
      error: expect.stringContaining('unknown service'),
    });
    expect(parsePushUrl('not a url')).toMatchObject({ ok: false });
    expect(parsePushUrl('tgram://123456:AA/')).toMatchObject({
      ok: false,
      error: expect.stringContaining('chat id'),
    });
    expect(parsePushUrl('gotify://host')).toMatchObject({ ok: false });
    expect(parsePushUrl('bark://host/')).toMatchObject({ ok: false });
  });

  it('masks every secret in the redacted form, and in texts', () => {
    const cases = [
      ['ntfy://tk_secretTOKEN@host/privatetopic', ['secretTOKEN', 'privatetopic']],
      ['bark://api.day.app/DEVICEKEY123', ['DEVICEKEY123']],
      ['gotify://host/APPTOKEN123', ['APPTOKEN123']],
      ['tgram://123456:SECRETsecret/42', ['SECRETsecret']],
      ['schan://SCTsecret999', ['SCTsecret999']],
      ['pushplus://ppsecret999', ['ppsecret999']],
      ['wecombot://wecomsecret99', ['wecomsecret99']],
      ['json://user:hunter22@host/x', ['hunter22']],
    ] as const;
    for (const [url, secrets] of cases) {
      const shown = redactPushUrl(url);
      for (const secret of secrets) expect(shown, url).not.toContain(secret);
    }
    expect(redactPushUrl('tgram://123456:SECRETsecret/42')).toBe('tgram://123456:***/42');
    expect(redactPushUrl('weird://token@host')).toBe('weird://***');
    const { secrets } = parsed('tgram://123456:SECRETsecret/42');
    expect(redactText('POST /bot123456:SECRETsecret/sendMessage failed', secrets)).not.toContain(
      'SECRETsecret',
    );
  });
});

describe('a Telegram target that takes commands, through a Bot API of the user’s choice', () => {
  it('reads ?commands=yes and ?api=, and shows both in the masked URL', () => {
    const value = parsed('tgram://123456:SECRETsecret/42?commands=yes&api=https://tg.example.com/');
    expect(value.target).toEqual({
      service: 'tgram',
      botToken: '123456:SECRETsecret',
      chatIds: ['42'],
      api: 'https://tg.example.com',
      commands: true,
      members: [],
    });
    expect(value.redacted).toBe('tgram://123456:***/42?commands=yes&api=https://tg.example.com');
    // A local telegram-bot-api server answers plain http on its own port.
    expect(parsed('tgram://1:AAAA/7?api=http://127.0.0.1:8081').target).toMatchObject({
      api: 'http://127.0.0.1:8081',
    });
    expect(parsed('tgram://1:AAAA/7?commands=no').target).not.toHaveProperty('commands');
  });

  it('reads members= (the user ids that command in a group), as OneBot does', () => {
    const value = parsed('tgram://123456:SECRETsecret/-100200/42?commands=yes&members=111,222');
    expect(value.target).toMatchObject({ chatIds: ['-100200', '42'], members: ['111', '222'] });
    expect(value.redacted).toBe('tgram://123456:***/-100200/42?commands=yes&members=111,222');
    expect(parsePushUrl('tgram://1:AAAA/-7?commands=yes&members=me')).toMatchObject({
      ok: false,
      error: expect.stringContaining('members= lists user ids'),
    });
  });

  it('refuses an api= that is not an http(s) address', () => {
    for (const api of ['ftp://host', 'https://user:pw@host', 'host', 'https://host/?x=1'])
      expect(parsePushUrl(`tgram://1:AAAA/7?api=${encodeURIComponent(api)}`)).toMatchObject({
        ok: false,
      });
  });
});

describe('an ntfy target with buttons', () => {
  const control = 'ctl_4f9c2a7e1b5d8c3a6e0f9b2d';
  it('reads the control topic and the secret, both kept secret', () => {
    const value = parsed(
      `ntfys://ntfy.example.com/alerts?commands=yes&control=${control}&secret=s3cret-s3cret-s3cret`,
    );
    expect(value.target).toMatchObject({ commands: { control, secret: 's3cret-s3cret-s3cret' } });
    expect(value.redacted).toBe('ntfys://ntfy.example.com/***?commands=yes&control=ct***');
    expect(value.secrets).toEqual(expect.arrayContaining([control, 's3cret-s3cret-s3cret']));
  });

  it('refuses a short control topic or secret', () => {
    for (const query of [
      `control=short&secret=s3cret-s3cret-s3cret`,
      `control=${control}&secret=short`,
      '',
    ])
      expect(parsePushUrl(`ntfy://host/alerts?commands=yes&${query}`)).toMatchObject({ ok: false });
  });
});
