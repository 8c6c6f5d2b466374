import { describe, expect, it } from 'vitest';
import { parsePushUrl, redactPushUrl } from '../../../../main/features/push/core/push-url';

function parsed(url: string) {
  const result = parsePushUrl(url);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

describe('email URLs in Apprise’s mailto syntax', () => {
  it('reads the sender, the server, the mode and port, recipients, cc and bcc', () => {
    expect(
      parsed('mailtos://me:app-pass@example.com/a@x.org?to=b@x.org,c@x.org&cc=d@x.org').target,
    ).toEqual({
      service: 'mailto',
      smtp: 'example.com',
      port: 587,
      mode: 'starttls',
      user: 'me',
      password: 'app-pass',
      from: 'me@example.com',
      to: ['a@x.org', 'b@x.org', 'c@x.org'],
      cc: ['d@x.org'],
      bcc: [],
      verify: true,
    });
    expect(parsed('mailto://example.com?from=bot@example.com').target).toMatchObject({
      mode: 'insecure',
      port: 25,
      to: ['bot@example.com'],
    });
    expect(
      parsed('mailtos://u:p@example.com:2465?smtp=mail.example.net&mode=ssl&name=Tray&bcc=z@x.org')
        .target,
    ).toMatchObject({
      smtp: 'mail.example.net',
      port: 2465,
      mode: 'ssl',
      fromName: 'Tray',
      bcc: ['z@x.org'],
    });
  });

  it('knows the providers Apprise knows: the full address logs in to their server', () => {
    expect(parsed('mailto://12345:authcode@qq.com').target).toMatchObject({
      smtp: 'smtp.qq.com',
      port: 587,
      mode: 'starttls',
      user: '12345@qq.com',
      from: '12345@qq.com',
    });
    expect(parsed('mailtos://me:pw@163.com').target).toMatchObject({
      smtp: 'smtp.163.com',
      port: 465,
      mode: 'ssl',
    });
    expect(parsed('mailtos://me:pw@gmail.com').target).toMatchObject({
      smtp: 'smtp.gmail.com',
      port: 587,
    });
  });

  it('refuses a URL without a sender, with a bad mode or a bad recipient', () => {
    expect(parsePushUrl('mailtos://example.com')).toMatchObject({ ok: false });
    expect(parsePushUrl('mailtos://u:p@example.com?mode=tls13')).toMatchObject({ ok: false });
    expect(parsePushUrl('mailtos://u:p@example.com/not-an-address')).toMatchObject({
      ok: false,
      error: expect.stringContaining('recipient'),
    });
  });
});

describe('the group bots, PushDeer, WxPusher, Discord and OneBot', () => {
  it('reads each one', () => {
    expect(parsed('dingtalk://SECabc@token123/13800138000?to=13900139000').target).toEqual({
      service: 'dingtalk',
      token: 'token123',
      secret: 'SECabc',
      mobiles: ['13800138000', '13900139000'],
    });
    expect(parsed('dingtalk://token123?secret=SECabc').target).toMatchObject({ secret: 'SECabc' });
    expect(parsed('feishu://hook-1').target).toEqual({
      service: 'feishu',
      origin: 'https://open.feishu.cn',
      token: 'hook-1',
    });
    expect(parsed('pushdeers://deer.example.com:8800/PDU1Tkey').target).toEqual({
      service: 'pushdeer',
      origin: 'https://deer.example.com:8800',
      pushKey: 'PDU1Tkey',
    });
    expect(parsed('wxpusher://AT_tok/UID_a/7?to=UID_b').target).toEqual({
      service: 'wxpusher',
      appToken: 'AT_tok',
      uids: ['UID_a', 'UID_b'],
      topicIds: [7],
    });
    expect(parsed('discord://42/tok_en').target).toEqual({
      service: 'discord',
      webhookId: '42',
      webhookToken: 'tok_en',
    });
    expect(
      parsed('onebots://qq.example.com/user/10001/group/20002?access_token=t0k').target,
    ).toEqual({
      service: 'onebot',
      origin: 'https://qq.example.com',
      token: 't0k',
      groups: [20002],
      users: [10001],
    });
  });

  it('refuses what it cannot send to, in plain words', () => {
    for (const url of [
      'dingtalk://',
      'feishu://x',
      'pushdeer://',
      'pushdeer://host/bad-key',
      'wxpusher://AT_tok',
      'wxpusher://token/UID_a',
      'discord://42',
      'discord://abc/token1',
      'onebot://host:5700',
      'onebot://host:5700/group',
      'onebot://host:5700/channel/12345',
    ])
      expect(parsePushUrl(url), url).toMatchObject({ ok: false, error: expect.any(String) });
  });

  it('masks every secret in the redacted form', () => {
    const cases = [
      ['mailtos://me:app-pass-123@example.com/a@x.org', ['app-pass-123']],
      ['dingtalk://SECsecret999@accesstoken999', ['SECsecret999', 'accesstoken999']],
      ['feishu://fsSecret999@hook-uuid-999', ['fsSecret999', 'hook-uuid-999']],
      ['lark://hook-uuid-999', ['hook-uuid-999']],
      ['pushdeer://PDU1Tsecretkey', ['PDU1Tsecretkey']],
      ['wxpusher://AT_secret999/UID_person99', ['AT_secret999', 'UID_person99']],
      ['discord://42/webhooktoken999', ['webhooktoken999']],
      ['onebot://obtoken999@127.0.0.1:5700/group/123456', ['obtoken999']],
    ] as const;
    for (const [url, secrets] of cases) {
      const shown = redactPushUrl(url);
      for (const secret of secrets) expect(shown, url).not.toContain(secret);
    }
    expect(redactPushUrl('mailtos://me:app-pass-123@example.com/a@x.org')).toBe(
      'mailtos://me:***@example.com/a@x.org',
    );
    expect(redactPushUrl('onebot://obtoken999@127.0.0.1:5700/group/123456')).toBe(
      'onebot://***@127.0.0.1:5700/group/123456',
    );
  });
});

describe('a OneBot target that takes commands', () => {
  const base = 'onebot://tok3n@127.0.0.1:3000/user/12345678/group/87654321?commands=yes';

  it('by HTTP POST: its key and signing secret, and the group members listed', () => {
    const value = parsed(
      `${base}&members=22223333,33334444&post=k3yForTheOneBotPosts0123&secret=s1gn`,
    );
    expect(value.target).toMatchObject({
      commands: {
        members: [22223333, 33334444],
        postKey: 'k3yForTheOneBotPosts0123',
        secret: 's1gn',
      },
    });
    expect(value.redacted).toBe(
      'onebot://***@127.0.0.1:3000/user/12345678/group/87654321?commands=yes&post=k3***',
    );
    expect(value.secrets).toEqual(['tok3n', 'k3yForTheOneBotPosts0123', 's1gn']);
  });

  it('by forward WebSocket', () => {
    expect(parsed(`${base}&ws=ws://127.0.0.1:6700/`).target).toMatchObject({
      commands: { members: [], ws: 'ws://127.0.0.1:6700' },
    });
  });

  it('refuses a short key, a key without its secret, both ways or neither', () => {
    for (const query of [
      '&post=short&secret=s',
      '&post=k3yForTheOneBotPosts0123',
      '',
      '&post=k3yForTheOneBotPosts0123&secret=s&ws=ws://h:1',
      '&ws=http://h:1',
      '&members=abc&ws=ws://h:1',
    ])
      expect(parsePushUrl(`${base}${query}`)).toMatchObject({ ok: false });
  });
});
