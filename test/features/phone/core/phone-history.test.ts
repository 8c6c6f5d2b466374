import { describe, expect, it } from 'vitest';
import { popupEffects } from '../../../../main/core/outbox';
import {
  PHONE_COMMAND_DECISION,
  phoneCommandNotification,
} from '../../../../main/features/phone/core/phone-history';
import { targetWants } from '../../../../main/features/push/core/push-message';
import { HistoryNotification } from '../../../../shared/history';
import { PushTargetSetting } from '../../../../shared/settings';

const taken = {
  service: 'Telegram',
  said: { asked: '/rec 21452505', answer: '已让录播姬开始录制房间 21452505。', roomId: 21452505 },
  at: 1_700_000_000_000,
};

describe('a phone command as a history row', () => {
  it('is worded in the user’s language, listed under its room, and reads back', () => {
    const zh = phoneCommandNotification(taken, 'zh-CN', 0);
    expect(zh).toMatchObject({
      event: 'PhoneCommand',
      roomIds: [21452505],
      title: '来自 Telegram 的命令',
      body: '/rec 21452505 → 已让录播姬开始录制房间 21452505。',
    });
    expect(phoneCommandNotification(taken, 'en', 0).title).toBe('Command from Telegram');
    // Two commands of the same millisecond are two rows.
    expect(phoneCommandNotification(taken, 'en', 1).id).not.toBe(zh.id);
    const entry = { notification: zh, decision: PHONE_COMMAND_DECISION, read: true };
    expect(HistoryNotification.parse(entry)).toEqual(entry);
  });

  it('is never popped up nor pushed, whatever the target takes or its quiet hours', () => {
    const entry = {
      notification: phoneCommandNotification(taken, 'en', 0),
      decision: PHONE_COMMAND_DECISION,
      read: true,
    };
    expect(popupEffects(entry)).toEqual([]);
    for (const followQuietHours of [true, false]) {
      const target = PushTargetSetting.parse({ url: 'ntfy://topic', followQuietHours });
      expect(targetWants(target, entry)).toBe(false);
    }
  });
});
