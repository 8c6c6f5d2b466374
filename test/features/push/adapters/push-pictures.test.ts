import { describe, expect, it } from 'vitest';
import { createPushSend } from '../../../../main/features/push/adapters/senders';
import { pushMessage } from '../../../../main/features/push/core/push-message';
import type { HistoryNotification } from '../../../../shared/history';
import {} from '../../../fakes/push-services/fake-push-server';
import {
  barkService,
  jsonService,
  ntfyService,
  pushPlusService,
  serverChanService,
  telegramService,
  weComService,
} from '../../../fakes/push-services/services';
import { fakePushServers, pushTarget } from '../../../fakes/push-services/push-test-kit';

const FACE = 'https://i0.hdslb.com/bfs/face/f.jpg';
const COVER = 'https://i0.hdslb.com/bfs/live/new_room_cover/c.jpg';
const message = {
  title: '主播 开播了',
  body: '标题',
  click: 'https://live.bilibili.com/123',
  icon: FACE,
  image: COVER,
};
const fake = fakePushServers();

const target = pushTarget;

describe('pictures in pushes', () => {
  it('the message carries https pictures only, never a local file or a LAN mirror', () => {
    const entry = (pictures: NonNullable<HistoryNotification['notification']['pictures']>) =>
      ({
        notification: {
          id: 'n',
          event: 'StreamStarted',
          roomIds: [123],
          title: 't',
          body: 'b',
          createdAt: 0,
          pictures,
        },
        decision: { shown: true },
        read: false,
      }) as HistoryNotification;
    const tpl = { titleTemplate: '', bodyTemplate: '' };
    expect(
      pushMessage(
        entry({ face: { url: FACE, path: '/d/x.png' }, cover: { url: COVER } }),
        tpl,
        'en',
      ),
    ).toMatchObject({ icon: FACE, image: COVER });
    const local = pushMessage(
      entry({ face: { url: 'http://10.0.0.2/f.png' }, cover: { url: 'file:///rec/a.cover.jpg' } }),
      tpl,
      'en',
    );
    expect('icon' in local || 'image' in local).toBe(false);
  });

  it('ntfy gets the cover as `attach` and the avatar as `icon`', async () => {
    const server = await fake(ntfyService({}));
    await createPushSend()(target(`ntfy://127.0.0.1:${server.port}/live`), message);
    expect(server.received[0]!.body).toMatchObject({ attach: COVER, icon: FACE });
  });

  it('a plain JSON POST carries both as `icon` and `image`', async () => {
    const server = await fake(jsonService());
    await createPushSend()(target(`json://127.0.0.1:${server.port}/hook`), message);
    expect(server.received[0]!.body).toMatchObject({ icon: FACE, image: COVER });
  });

  it('ServerChan shows the cover in its Markdown; PushPlus and WeCom get it as a link', async () => {
    const schan = await fake(serverChanService('SCTkey1'));
    await createPushSend({ baseUrls: { schan: schan.url } })(target('schan://SCTkey1'), message);
    expect(schan.received[0]!.body.desp).toContain(`![](${COVER})`);
    const pushplus = await fake(pushPlusService('pptoken1'));
    await createPushSend({ baseUrls: { pushplus: pushplus.url } })(
      target('pushplus://pptoken1'),
      message,
    );
    expect(pushplus.received[0]!.body.content.split('\n')).toContain(COVER);
    const wecom = await fake(weComService('wk-1'));
    await createPushSend({ baseUrls: { wecombot: wecom.url } })(target('wecombot://wk-1'), message);
    expect(wecom.received[0]!.body.text.content.split('\n')).toContain(COVER);
  });

  it('Bark gets the avatar as `icon`', async () => {
    const server = await fake(barkService(['key1']));
    await createPushSend()(target(`bark://127.0.0.1:${server.port}/key1`), message);
    expect(server.received[0]!.body).toMatchObject({ icon: FACE, device_key: 'key1' });
  });

  it('Telegram sends the cover as a photo with the words as its caption, and text when the photo is refused', async () => {
    const server = await fake(telegramService('1:tok', ['42']));
    const send = createPushSend({ baseUrls: { tgram: server.url } });
    expect(await send(target('tgram://1:tok/42'), message)).toEqual({ ok: true });
    expect(server.received[0]!.path).toBe('/bot1:tok/sendPhoto');
    expect(server.received[0]!.body).toMatchObject({
      chat_id: '42',
      photo: COVER,
      caption: `${message.title}\n${message.body}\n${message.click}`,
    });
    // A photo Telegram cannot fetch: the words still go, as a message.
    expect(await send(target('tgram://1:tok/42'), { ...message, image: 'https:bad' })).toEqual({
      ok: true,
    });
    expect(server.received.at(-1)!.path).toBe('/bot1:tok/sendMessage');
  });
});
