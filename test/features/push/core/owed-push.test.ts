import { describe, expect, it } from 'vitest';
import type { HistoryNotification } from '../../../../shared/history';
import { PushTargetSetting } from '../../../../shared/settings';
import { owedPush, pushEffects } from '../../../../main/features/push/core/owed-push';
import { pushMessage } from '../../../../main/features/push/core/push-message';

const goLive: HistoryNotification = {
  notification: {
    id: 'n1',
    event: 'StreamStarted',
    roomIds: [123],
    title: '主播 开播了',
    body: '标题',
    createdAt: 1,
    action: { kind: 'openUrl', url: 'https://live.bilibili.com/123' },
    facts: { name: '主播', title: '今晚打游戏' },
    pictures: {
      face: { url: 'https://i0.hdslb.com/face.jpg', path: '/cache/face.jpg' },
      cover: { url: 'https://i0.hdslb.com/cover.jpg' },
    },
    buttons: ['record', 'mute', 'openRoom'],
  },
  decision: { shown: true },
  read: false,
};
const target = PushTargetSetting.parse({ url: 'ntfy://t' });

describe('a push kept in the outbox', () => {
  it('reads back as the message the target was worded, pictures and buttons included', () => {
    const [effect] = pushEffects(goLive, [target], 'en');
    const owed = owedPush({ ...effect!, id: 7, notificationId: 'n1', createdAt: 5, attempts: 0 });
    const sent = pushMessage(goLive, target, 'en');
    expect(sent.icon).toBe('https://i0.hdslb.com/face.jpg');
    expect(sent.image).toBe('https://i0.hdslb.com/cover.jpg');
    expect(owed?.message).toEqual(sent);
    expect(owed).toMatchObject({ id: 7, url: 'ntfy://t', firstAt: 5 });
  });

  it('is dropped, not sent, when its row does not read', () => {
    const row = { kind: 'push' as const, target: 'ntfy://t', id: 1, notificationId: 'n1' };
    expect(owedPush({ ...row, payload: '{', createdAt: 1, attempts: 0 })).toBeUndefined();
    expect(owedPush({ ...row, payload: '{"title":1}', createdAt: 1, attempts: 0 })).toBeUndefined();
  });
});
