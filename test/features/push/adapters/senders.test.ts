import { describe, expect, it } from 'vitest';
import { createPushSend } from '../../../../main/features/push/adapters/senders';
import {} from '../../../fakes/push-services/fake-push-server';
import {
  barkService,
  gotifyService,
  jsonService,
  ntfyService,
  pushPlusService,
  serverChanService,
  telegramService,
  weComService,
} from '../../../fakes/push-services/services';
import { fakePushServers, pushTarget } from '../../../fakes/push-services/push-test-kit';

const message = {
  title: '主播 开播了',
  body: '标题\n分区',
  click: 'https://live.bilibili.com/123',
};
const fake = fakePushServers();

const target = pushTarget;

describe('push senders against fakes of each documented API', () => {
  it('ntfy: publishes JSON to the root with topic, title, message and click; a bad token is said', async () => {
    const server = await fake(ntfyService({ token: 'tk_secret123' }));
    const send = createPushSend();
    const host = `127.0.0.1:${server.port}`;
    expect(await send(target(`ntfy://tk_secret123@${host}/live-alerts`), message)).toEqual({
      ok: true,
    });
    expect(server.received[0]!.body).toEqual({
      topic: 'live-alerts',
      title: message.title,
      message: message.body,
      click: message.click,
    });
    const refused = await send(target(`ntfy://tk_wrongtoken@${host}/live-alerts`), message);
    expect(refused).toMatchObject({ ok: false, reason: 'badToken', detail: 'HTTP 403: forbidden' });
  });

  it('bark: POSTs /push with device_key, title, body and url; an unknown key is a bad token', async () => {
    const server = await fake(barkService(['devKEY123']));
    const send = createPushSend();
    expect(
      await send(target(`bark://127.0.0.1:${server.port}/devKEY123?sound=alarm`), message),
    ).toEqual({ ok: true });
    expect(server.received[0]!.body).toMatchObject({
      device_key: 'devKEY123',
      title: message.title,
      body: message.body,
      url: message.click,
      sound: 'alarm',
    });
    const refused = await send(target(`bark://127.0.0.1:${server.port}/otherKEY99`), message);
    expect(refused).toMatchObject({ ok: false, reason: 'badToken' });
    expect(JSON.stringify(refused)).not.toContain('otherKEY99');
  });

  it('gotify: POSTs /message with X-Gotify-Key and the click extra, under a path prefix too', async () => {
    const server = await fake(gotifyService('AppToken.1', '/gotify'));
    const send = createPushSend();
    const url = `gotify://127.0.0.1:${server.port}/gotify/AppToken.1`;
    expect(await send(target(url), message)).toEqual({ ok: true });
    expect(server.received[0]!.body).toMatchObject({
      title: message.title,
      message: message.body,
      extras: { 'client::notification': { click: { url: message.click } } },
    });
    const refused = await send(
      target(`gotify://127.0.0.1:${server.port}/gotify/Wrong.Token`),
      message,
    );
    expect(refused).toMatchObject({ ok: false, reason: 'badToken' });
    expect((refused as { detail: string }).detail).toContain('valid access token');
  });

  it('telegram: sendMessage with chat_id and text; bad token and unknown chat said apart, token masked', async () => {
    const server = await fake(telegramService('123456:ABCdef_ghi', ['-1001', '42']));
    const send = createPushSend({ baseUrls: { tgram: server.url } });
    expect(await send(target('tgram://123456:ABCdef_ghi/-1001/42'), message)).toEqual({ ok: true });
    expect(server.received.map((r) => r.body.chat_id)).toEqual(['-1001', '42']);
    expect(server.received[0]!.body.text).toBe(
      `${message.title}\n${message.body}\n${message.click}`,
    );
    const badToken = await send(target('tgram://123456:WRONGtoken/42'), message);
    expect(badToken).toMatchObject({ ok: false, reason: 'badToken', detail: '401: Unauthorized' });
    const noChat = await send(target('tgram://123456:ABCdef_ghi/7'), message);
    expect(noChat).toMatchObject({ ok: false, reason: 'notFound' });
  });

  it('ServerChan: POST /<key>.send with title and desp; code 0 taken, a bad key said', async () => {
    const server = await fake(serverChanService('SCT1234abcd'));
    const send = createPushSend({ baseUrls: { schan: server.url } });
    expect(await send(target('schan://SCT1234abcd'), message)).toEqual({ ok: true });
    expect(server.received[0]!.body).toMatchObject({ title: message.title });
    expect(server.received[0]!.body.desp).toContain(message.body);
    const refused = await send(target('schan://SCT9999zzzz'), message);
    expect(refused).toMatchObject({
      ok: false,
      reason: 'badToken',
      detail: '40001: bad pushtoken',
    });
  });

  it('PushPlus: POST /send with token, title, content; 903 is a bad token', async () => {
    const server = await fake(pushPlusService('pp0123456789'));
    const send = createPushSend({ baseUrls: { pushplus: server.url } });
    expect(await send(target('pushplus://pp0123456789'), message)).toEqual({ ok: true });
    expect(server.received[0]!.body).toMatchObject({
      token: 'pp0123456789',
      title: message.title,
      template: 'txt',
    });
    const refused = await send(target('pushplus://ppWRONG00000'), message);
    expect(refused).toMatchObject({
      ok: false,
      reason: 'badToken',
      detail: '903: 无效的用户token',
    });
  });

  it('WeCom bot: POST /cgi-bin/webhook/send?key= with a text message; 93000 is a bad key', async () => {
    const server = await fake(weComService('abcd-1234-ef'));
    const send = createPushSend({ baseUrls: { wecombot: server.url } });
    expect(await send(target('wecombot://abcd-1234-ef'), message)).toEqual({ ok: true });
    expect(server.received[0]!.body).toEqual({
      msgtype: 'text',
      text: { content: `${message.title}\n${message.body}\n${message.click}` },
    });
    const refused = await send(target('wecombot://zzzz-0000-xx'), message);
    expect(refused).toMatchObject({ ok: false, reason: 'badToken' });
  });

  it('json: posts Apprise’s payload with Basic auth; any 2xx is taken, a 401 is a bad token', async () => {
    const server = await fake(jsonService('me:pa55word'));
    const send = createPushSend();
    expect(await send(target(`json://me:pa55word@127.0.0.1:${server.port}/hook`), message)).toEqual(
      { ok: true },
    );
    expect(server.received[0]!.path).toBe('/hook');
    expect(server.received[0]!.body).toEqual({
      version: '1.0',
      title: message.title,
      message: message.body,
      type: 'info',
      url: message.click,
    });
    const refused = await send(target(`json://me:nope1234@127.0.0.1:${server.port}/hook`), message);
    expect(refused).toMatchObject({ ok: false, reason: 'badToken' });
  });

  it('says unreachable for a closed port and serverError for a 503', async () => {
    const server = await fake(ntfyService());
    const send = createPushSend();
    server.down = true;
    const down = await send(target(`ntfy://127.0.0.1:${server.port}/topic1`), message);
    expect(down).toMatchObject({ ok: false, reason: 'serverError' });
    await server.close();
    const closed = await send(target(`ntfy://127.0.0.1:${server.port}/topic1`), message);
    expect(closed).toMatchObject({ ok: false, reason: 'unreachable', detail: 'ECONNREFUSED' });
  });
});
