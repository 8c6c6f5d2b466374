import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPushSend } from '../../../../main/features/push/adapters/senders';
import type { PushMessage } from '../../../../main/features/push/core/push-message';
import {
  dingTalkService,
  discordService,
  feishuService,
  oneBotService,
  pushDeerService,
  wxPusherService,
} from '../../../fakes/push-services/chat-services';
import {} from '../../../fakes/push-services/fake-push-server';
import { fakePushServers, pushTarget } from '../../../fakes/push-services/push-test-kit';

const NOW = 1_764_000_000_000; // a fixed clock: signatures are dated by it
const pictures = {
  face: { url: 'https://i0.hdslb.com/bfs/face/a.jpg', path: '/cache/face.jpg' },
  cover: { url: 'https://i0.hdslb.com/bfs/live/cover.jpg' },
};
const message: PushMessage = {
  title: '主播 开播了',
  body: '[今晚](x) 打游戏\n网游',
  click: 'https://live.bilibili.com/23058',
  language: 'zh-CN',
  pictures,
};
const bare: PushMessage = { title: 'Recorder Tray test push', body: 'It works.', language: 'en' };
const fake = fakePushServers();

const target = pushTarget;

describe('DingTalk group bot', () => {
  it('signs with HmacSHA256(secret, timestamp\\nsecret) and sends the markdown byte for byte', async () => {
    const server = await fake(
      dingTalkService({ token: 'abc123', secret: 'SECxyz789', now: () => NOW }),
    );
    const send = createPushSend({ baseUrls: { dingtalk: server.url }, now: () => NOW });
    expect(await send(target('dingtalk://SECxyz789@abc123/13800138000'), message)).toEqual({
      ok: true,
    });
    const sign = createHmac('sha256', 'SECxyz789').update(`${NOW}\nSECxyz789`).digest('base64');
    const got = server.received[0]!;
    expect([...got.query]).toEqual([
      ['access_token', 'abc123'],
      ['timestamp', String(NOW)],
      ['sign', sign],
    ]);
    expect(got.body).toEqual({
      msgtype: 'markdown',
      markdown: {
        title: '主播 开播了',
        text: [
          '#### 主播 开播了',
          '\\[今晚\\]\\(x\\) 打游戏',
          '网游',
          '[打开直播间](https://live.bilibili.com/23058)',
          '![直播间封面](https://i0.hdslb.com/bfs/live/cover.jpg)',
          '@13800138000',
        ].join('\n\n'),
      },
      at: { atMobiles: ['13800138000'], isAtAll: false },
    });
  });

  it('without pictures the message is complete; each refusal in plain words', async () => {
    const server = await fake(
      dingTalkService({ token: 'abc123', secret: 'SECxyz789', keyword: '开播', limitPerMinute: 1 }),
    );
    const send = createPushSend({ baseUrls: { dingtalk: server.url } });
    expect(await send(target('dingtalk://SECxyz789@abc123'), { ...message, pictures: {} })).toEqual(
      {
        ok: true,
      },
    );
    expect(server.received[0]!.body.markdown.text).not.toContain('![');
    expect(await send(target('dingtalk://SECwrong00@abc123'), message)).toMatchObject({
      ok: false,
      reason: 'badSecret',
      detail: '310000: sign not match',
    });
    expect(await send(target('dingtalk://SECxyz789@gone42'), message)).toMatchObject({
      ok: false,
      reason: 'botRemoved',
    });
    expect(await send(target('dingtalk://SECxyz789@abc123'), bare)).toMatchObject({
      ok: false,
      reason: 'keywordMissing',
    });
    expect(await send(target('dingtalk://SECxyz789@abc123'), message)).toMatchObject({
      ok: false,
      reason: 'rateLimited',
      detail: '130101: send too fast, exceed 20 times per minute',
    });
  });
});

describe('Feishu / Lark group bot', () => {
  it('signs with HmacSHA256 keyed by timestamp\\nsecret over nothing, and posts rich text with picture links', async () => {
    const server = await fake(
      feishuService({ token: 'hook-uuid-1', secret: 'fsSecret', now: () => NOW }),
    );
    const send = createPushSend({ baseUrls: { feishu: server.url }, now: () => NOW });
    expect(await send(target('feishu://fsSecret@hook-uuid-1'), message)).toEqual({ ok: true });
    const ts = String(NOW / 1000);
    const sign = createHmac('sha256', `${ts}\nfsSecret`).update('').digest('base64');
    expect(server.received[0]!.body).toEqual({
      timestamp: ts,
      sign,
      msg_type: 'post',
      content: {
        post: {
          zh_cn: {
            title: '主播 开播了',
            content: [
              [{ tag: 'text', text: '[今晚](x) 打游戏\n网游' }],
              [{ tag: 'a', text: '打开直播间', href: 'https://live.bilibili.com/23058' }],
              [
                { tag: 'a', text: '直播间封面', href: pictures.cover.url },
                { tag: 'a', text: '主播头像', href: pictures.face.url },
              ],
            ],
          },
        },
      },
    });
    expect(JSON.stringify(server.received[0]!.body)).not.toContain('/cache/');
  });

  it('lark:// goes to the same API (open.larksuite.com); refusals: wrong secret, bot removed, keyword', async () => {
    const server = await fake(
      feishuService({
        token: 'hook-uuid-1',
        secret: 'fsSecret',
        keyword: '开播',
        limitPerMinute: 2,
      }),
    );
    const send = createPushSend({ baseUrls: { feishu: server.url } });
    expect(target('lark://hook-uuid-1').target).toMatchObject({
      origin: 'https://open.larksuite.com',
    });
    expect(await send(target('lark://fsSecret@hook-uuid-1'), message)).toEqual({ ok: true });
    expect(server.received[0]!.body.content.post.zh_cn.content.at(-1)).toHaveLength(2);
    expect(await send(target('feishu://wrongSecret@hook-uuid-1'), message)).toMatchObject({
      ok: false,
      reason: 'badSecret',
    });
    expect(await send(target('feishu://fsSecret@hook-removed'), message)).toMatchObject({
      ok: false,
      reason: 'botRemoved',
      detail: '19001: param invalid: incoming webhook access token invalid',
    });
    expect(await send(target('feishu://fsSecret@hook-uuid-1'), bare)).toMatchObject({
      ok: false,
      reason: 'keywordMissing',
    });
    expect(await send(target('feishu://fsSecret@hook-uuid-1'), message)).toEqual({ ok: true });
    expect(await send(target('feishu://fsSecret@hook-uuid-1'), message)).toMatchObject({
      ok: false,
      reason: 'rateLimited',
      detail: '11232: frequency limited',
    });
  });
});

describe('PushDeer', () => {
  it('POSTs /message/push with pushkey, text, Markdown desp; a device-less account and an unknown key are said', async () => {
    const server = await fake(pushDeerService(['PDU1TabcdEF'], ['PDU2Tnodevice']));
    const send = createPushSend();
    const host = `127.0.0.1:${server.port}`;
    expect(await send(target(`pushdeer://${host}/PDU1TabcdEF`), message)).toEqual({ ok: true });
    expect(server.received[0]!.body).toEqual({
      pushkey: 'PDU1TabcdEF',
      text: '主播 开播了',
      desp: '\\[今晚\\]\\(x\\) 打游戏\n\n网游\n\n[https://live.bilibili.com/23058](https://live.bilibili.com/23058)',
      type: 'markdown',
    });
    expect(await send(target(`pushdeer://${host}/PDU2Tnodevice`), message)).toMatchObject({
      ok: false,
      reason: 'notFound',
    });
    const unknown = await send(target(`pushdeer://${host}/PDU9Twrong123`), message);
    expect(unknown).toMatchObject({ ok: false, reason: 'serverError' });
    expect(JSON.stringify(unknown)).not.toContain('PDU9Twrong123');
    expect(target('pushdeer://PDU1TabcdEF').target).toMatchObject({
      origin: 'https://api2.pushdeer.com',
    });
  });
});

describe('WxPusher', () => {
  it('POSTs /api/send/message with appToken, content, summary, uids and topicIds; a wrong token and the rate limit are said', async () => {
    const server = await fake(wxPusherService('AT_good123', { limitPer10s: 2 }));
    const send = createPushSend({ baseUrls: { wxpusher: server.url } });
    expect(await send(target('wxpusher://AT_good123/UID_me/42'), message)).toEqual({ ok: true });
    expect(server.received[0]!.body).toEqual({
      appToken: 'AT_good123',
      content: `主播 开播了\n[今晚](x) 打游戏\n网游\nhttps://live.bilibili.com/23058`,
      summary: '主播 开播了',
      contentType: 1,
      uids: ['UID_me'],
      topicIds: [42],
      url: 'https://live.bilibili.com/23058',
    });
    expect(await send(target('wxpusher://AT_wrong99/UID_me'), message)).toMatchObject({
      ok: false,
      reason: 'badToken',
      detail: '1001: appToken不正确',
    });
    expect(await send(target('wxpusher://AT_good123/UID_me'), bare)).toEqual({ ok: true });
    expect(await send(target('wxpusher://AT_good123/UID_me'), bare)).toMatchObject({
      ok: false,
      reason: 'rateLimited',
    });
  });
});

describe('Discord webhook', () => {
  it('POSTs ?wait=true with one embed: cover as image, avatar as thumbnail, no mentions', async () => {
    const server = await fake(discordService('123456789', 'tok_en-1'));
    const send = createPushSend({ baseUrls: { discord: server.url } });
    expect(await send(target('discord://Tray@123456789/tok_en-1'), message)).toEqual({ ok: true });
    const got = server.received[0]!;
    expect(got.path).toBe('/api/webhooks/123456789/tok_en-1');
    expect(got.query.get('wait')).toBe('true');
    expect(got.body).toEqual({
      username: 'Tray',
      embeds: [
        {
          title: '主播 开播了',
          description: '[今晚](x) 打游戏\n网游',
          url: 'https://live.bilibili.com/23058',
          image: { url: pictures.cover.url },
          thumbnail: { url: pictures.face.url },
        },
      ],
      allowed_mentions: { parse: [] },
    });
    expect(await send(target('discord://123456789/tok_en-1'), bare)).toEqual({ ok: true });
    expect(server.received[1]!.body.embeds[0]).toEqual({
      title: bare.title,
      description: bare.body,
    });
  });

  it('a wrong token, a deleted webhook and the rate limit are said apart, the token masked', async () => {
    const server = await fake(discordService('123456789', 'tok_en-1'));
    const send = createPushSend({ baseUrls: { discord: server.url } });
    const wrong = await send(target('discord://123456789/wrong-token'), message);
    expect(wrong).toMatchObject({
      ok: false,
      reason: 'badToken',
      detail: 'HTTP 401: Invalid Webhook Token',
    });
    expect(await send(target('discord://999/tok_en-1'), message)).toMatchObject({
      ok: false,
      reason: 'botRemoved',
      detail: 'HTTP 404: Unknown Webhook',
    });
    const limited = await fake(discordService('1', 'tok_en-1', { limited: true }));
    const slow = createPushSend({ baseUrls: { discord: limited.url } });
    expect(await slow(target('discord://1/tok_en-1'), message)).toMatchObject({
      ok: false,
      reason: 'rateLimited',
    });
  });
});

describe('QQ through OneBot v11', () => {
  it('send_group_msg and send_private_msg with a bearer token, text then the cover as an image segment', async () => {
    const server = await fake(
      oneBotService({ token: 'ob-token', groups: [123456], users: [10001000] }),
    );
    const send = createPushSend();
    const url = `onebot://ob-token@127.0.0.1:${server.port}/group/123456/user/10001000`;
    expect(await send(target(url), message)).toEqual({ ok: true });
    expect(server.received.map((r) => [r.path, r.headers.authorization])).toEqual([
      ['/send_group_msg', 'Bearer ob-token'],
      ['/send_private_msg', 'Bearer ob-token'],
    ]);
    const text = `主播 开播了\n[今晚](x) 打游戏\n网游\nhttps://live.bilibili.com/23058`;
    expect(server.received[0]!.body).toEqual({
      group_id: 123456,
      message: [
        { type: 'text', data: { text } },
        { type: 'image', data: { file: pictures.cover.url } },
      ],
    });
    expect(server.received[1]!.body).toMatchObject({ user_id: 10001000 });
    expect(await send(target(url), bare)).toEqual({ ok: true });
    expect(server.received[2]!.body.message).toHaveLength(1);
  });

  it('no token, a wrong token, a group the bot left: each said plainly', async () => {
    const server = await fake(oneBotService({ token: 'ob-token', groups: [123456], users: [] }));
    const send = createPushSend();
    const host = `127.0.0.1:${server.port}`;
    expect(await send(target(`onebot://${host}/group/123456`), message)).toMatchObject({
      ok: false,
      reason: 'badToken',
      detail: 'HTTP 401: no access token given',
    });
    expect(await send(target(`onebot://nope@${host}/group/123456`), message)).toMatchObject({
      ok: false,
      reason: 'badToken',
      detail: 'HTTP 403: wrong access token',
    });
    expect(await send(target(`onebot://ob-token@${host}/group/654321`), message)).toMatchObject({
      ok: false,
      reason: 'botRemoved',
      detail: '100: GROUP_NOT_FOUND: 群聊不存在',
    });
  });
});
