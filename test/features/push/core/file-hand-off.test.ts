import { describe, expect, it } from 'vitest';
import type { HistoryNotification } from '../../../../shared/history';
import { PushTargetSetting } from '../../../../shared/settings';
import { owedPush, pushEffects } from '../../../../main/features/push/core/owed-push';

const fileClosed: HistoryNotification = {
  notification: {
    id: 'n2',
    event: 'FileClosed',
    roomIds: [23058],
    title: 'Recording finished: 3号直播间',
    body: 'a.flv',
    createdAt: Date.UTC(2024, 2, 17, 13, 42, 10),
    action: { kind: 'showFile', path: '/rec/23058/a.flv' },
    facts: { name: '3号直播间', title: '哔哩哔哩音悦台', file: 'a.flv' },
  },
  decision: { shown: true },
  read: false,
};
const tools = PushTargetSetting.parse({ url: 'bililive-tools://127.0.0.1:18010' });
const ntfy = PushTargetSetting.parse({ url: 'ntfy://t' });

function payloads(entry: HistoryNotification, targets: PushTargetSetting[]) {
  return pushEffects(entry, targets, 'en').map((effect) => ({
    target: effect.target,
    message: owedPush({ ...effect, id: 1, notificationId: 'n', createdAt: 1, attempts: 0 })
      ?.message,
  }));
}

describe("a finished file's hand-off to biliLive-tools", () => {
  it('goes with a FileClosed decision to a bililive-tools target only, the local path with it', () => {
    const [toTools, toPhone] = payloads(fileClosed, [tools, ntfy]);
    expect(toTools?.message?.handOff).toEqual({
      event: 'FileClosed',
      filePath: '/rec/23058/a.flv',
      roomId: 23058,
      time: '2024-03-17T13:42:10.000Z',
      title: '哔哩哔哩音悦台',
      username: '3号直播间',
      platform: 'bilibili',
    });
    expect(toPhone?.target).toBe('ntfy://t');
    expect(toPhone?.message).not.toHaveProperty('handOff');
    expect(JSON.stringify(toPhone?.message)).not.toContain('/rec/23058');
  });

  it('is not owed for a go-live, nor for a file not found on this machine', () => {
    const goLive: HistoryNotification = {
      ...fileClosed,
      notification: { ...fileClosed.notification, event: 'StreamStarted', action: undefined },
    };
    const notFound: HistoryNotification = {
      ...fileClosed,
      notification: { ...fileClosed.notification, action: undefined },
    };
    expect(payloads(goLive, [tools, ntfy]).map((p) => p.target)).toEqual(['ntfy://t']);
    expect(payloads(notFound, [tools, ntfy]).map((p) => p.target)).toEqual(['ntfy://t']);
  });

  it('names the room when the recorder told no title or streamer (biliLive-tools needs both)', () => {
    const bare: HistoryNotification = {
      ...fileClosed,
      notification: { ...fileClosed.notification, facts: { file: 'a.flv' } },
    };
    expect(payloads(bare, [tools])[0]?.message?.handOff).toMatchObject({
      title: 'a.flv',
      username: '23058',
    });
  });

  it('names another platform’s room as biliLive-tools does: its own room key and lowercase platform', () => {
    const douyin: HistoryNotification = {
      ...fileClosed,
      notification: {
        ...fileClosed.notification,
        roomIds: [2 ** 50 + 12345],
        facts: { ...fileClosed.notification.facts, platform: 'douyin', platformRoom: '123456789' },
      },
    };
    expect(payloads(douyin, [tools])[0]?.message?.handOff).toMatchObject({
      roomId: '123456789',
      platform: 'douyin',
    });
    const notes: HistoryNotification = {
      ...douyin,
      notification: {
        ...douyin.notification,
        facts: { ...douyin.notification.facts, platform: 'xiaohongshu', platformRoom: 'abc' },
      },
    };
    expect(payloads(notes, [tools])[0]?.message?.handOff).toMatchObject({
      roomId: 'abc',
      platform: 'xhs',
    });
  });
});
