import { describe, expect, it } from 'vitest';
import type { HistoryNotification } from '../../../../shared/history';
import { PushTargetSetting } from '../../../../shared/settings';
import {
  fillTemplate,
  pushMessage,
  targetWants,
} from '../../../../main/features/push/core/push-message';
import { nextAttemptAt } from '../../../../main/features/push/core/outbox-schedule';
import { platformRoom } from '../../../../shared/platforms';

const goLive: HistoryNotification = {
  notification: {
    id: 'n1',
    event: 'StreamStarted',
    roomIds: [123],
    title: '主播 开播了',
    body: '标题',
    createdAt: 1,
    action: { kind: 'openUrl', url: 'https://live.bilibili.com/123' },
    facts: { name: '主播', title: '今晚打游戏', area: '网游 · 英雄联盟' },
  },
  decision: { shown: true },
  read: false,
};
const target = (input: Partial<PushTargetSetting> = {}) =>
  PushTargetSetting.parse({ url: 'ntfy://t', ...input });

describe('push messages', () => {
  it('fills the default templates in each language, with the live room as the click', () => {
    expect(pushMessage(goLive, target(), 'zh-CN')).toEqual({
      title: '主播 开播了',
      body: '今晚打游戏\n网游 · 英雄联盟',
      click: 'https://live.bilibili.com/123',
      language: 'zh-CN',
      facts: {
        name: '主播',
        title: '今晚打游戏',
        area: '网游 · 英雄联盟',
        url: 'https://live.bilibili.com/123',
      },
    });
    expect(pushMessage(goLive, target(), 'en').title).toBe('主播 is live');
  });

  it("names another platform's room with its platform and links its page on the platform's host", () => {
    const douyin = platformRoom('DouYin', '123456789');
    const entry = (platformRoomKey: string): HistoryNotification => ({
      ...goLive,
      notification: {
        ...goLive.notification,
        roomIds: [douyin.roomId],
        action: { kind: 'openUrl', url: 'https://live.douyin.com/123456789' },
        facts: { name: '主播', title: 't', platform: 'douyin', platformRoom: platformRoomKey },
      },
    });
    expect(pushMessage(entry('123456789'), target(), 'zh-CN')).toMatchObject({
      title: '抖音 · 主播 开播了',
      click: 'https://live.douyin.com/123456789',
    });
    const own = target({ titleTemplate: '{platform}: {platformRoom}' });
    expect(pushMessage(entry('123456789'), own, 'en').title).toBe('Douyin: 123456789');
    // A key that is no room key of the platform: no link at all, whatever the popup's action.
    expect(pushMessage(entry('1/../../x'), target(), 'en').click).toBeUndefined();
  });

  it('fills a target’s own templates; unknown placeholders stay, empty lines go', () => {
    const own = target({
      titleTemplate: '[{roomId}] {name}',
      bodyTemplate: '{url}\n{file}\n{nope}',
    });
    expect(pushMessage(goLive, own, 'en')).toMatchObject({
      title: '[123] 主播',
      body: 'https://live.bilibili.com/123\n{nope}',
    });
    expect(
      fillTemplate('{file}\n{size} · {duration}', { file: 'a.flv', size: '1 GB', duration: '' }),
    ).toBe('a.flv\n1 GB');
  });

  it('keeps the popup’s words for a problem of the whole set-up (room 0), with no room link', () => {
    const diskLow: HistoryNotification = {
      notification: {
        id: 'n2',
        event: 'RecordingProblem',
        roomIds: [0],
        title: 'blrec’s disk is almost full',
        body: '536 MB free, under the 1.07 GB it was set to keep',
        createdAt: 1,
        facts: { name: '0', title: '', area: '' },
        problem: 'disk-low',
      },
      decision: { shown: true },
      read: false,
    };
    const pushed = pushMessage(diskLow, target(), 'en');
    expect(pushed).toMatchObject({
      title: diskLow.notification.title,
      body: diskLow.notification.body,
    });
    expect(pushed.click).toBeUndefined();
  });

  it('keeps a summary’s popup text and never sends a local path as the click', () => {
    const summary: HistoryNotification = {
      ...goLive,
      notification: {
        id: 's',
        event: 'FileClosed',
        roomIds: [1, 2],
        title: '2 个录制文件已完成',
        body: 'a、b',
        createdAt: 1,
        action: { kind: 'showFile', path: '/rec/a.flv' },
      },
    };
    expect(pushMessage(summary, target(), 'zh-CN')).toEqual({
      title: '2 个录制文件已完成',
      body: 'a、b',
      language: 'zh-CN',
    });
  });

  it('carries a single room’s pictures with its facts, and no pictures for a summary', () => {
    const pictures = {
      face: { url: 'https://i0.hdslb.com/face.jpg', path: '/cache/face.jpg' },
      cover: { url: 'https://i0.hdslb.com/cover.jpg' },
    };
    const withPictures = { ...goLive, notification: { ...goLive.notification, pictures } };
    expect(pushMessage(withPictures, target(), 'en')).toMatchObject({ pictures, language: 'en' });
    const summary = {
      ...withPictures,
      notification: { ...withPictures.notification, roomIds: [1, 2], facts: undefined },
    };
    expect(pushMessage(summary, target(), 'en').pictures).toBeUndefined();
  });

  it('pushes only what the policy showed, within the kinds and rooms of the target', () => {
    expect(targetWants(target(), goLive)).toBe(true);
    expect(
      targetWants(target(), { ...goLive, decision: { shown: false, reason: 'grouped' } }),
    ).toBe(false);
    expect(targetWants(target({ enabled: false }), goLive)).toBe(false);
    expect(targetWants(target({ kinds: ['FileClosed'] }), goLive)).toBe(false);
    expect(targetWants(target({ rooms: [9] }), goLive)).toBe(false);
    expect(targetWants(target({ rooms: [123], kinds: ['StreamStarted'] }), goLive)).toBe(true);
  });

  it('quiet hours: a target that follows them waits for the digest; one that does not pushes each held one', () => {
    const held = { ...goLive, decision: { shown: false as const, reason: 'held' as const } };
    const digest = {
      ...goLive,
      notification: { ...goLive.notification, event: 'QuietHoursDigest' as const, roomIds: [] },
    };
    expect(targetWants(target(), held)).toBe(false);
    expect(targetWants(target(), digest)).toBe(true);
    expect(targetWants(target({ followQuietHours: false }), held)).toBe(true);
    expect(targetWants(target({ followQuietHours: false }), digest)).toBe(false);
    // The target's own filters still hold for what it pushes at once.
    expect(targetWants(target({ followQuietHours: false, rooms: [9] }), held)).toBe(false);
  });
});

describe('the retry schedule', () => {
  it('backs off, gives up after the hour, and does not retry a bad token', () => {
    expect(nextAttemptAt(0, 1, 0, 'serverError')).toBe(1_000);
    expect(nextAttemptAt(0, 2, 1_000, 'unreachable')).toBe(4_000);
    expect(nextAttemptAt(0, 30, 59 * 60_000, 'timeout')).toBe(60 * 60_000);
    expect(nextAttemptAt(0, 31, 60 * 60_000, 'timeout')).toBeUndefined();
    expect(nextAttemptAt(0, 1, 0, 'badToken')).toBeUndefined();
  });
});
