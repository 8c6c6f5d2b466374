import { describe, expect, it } from 'vitest';
import { goLiveFilterText } from '../../shared/i18n/go-live-filter';
import { NotificationDecision } from '../../shared/history';
import { Settings } from '../../shared/settings';

describe('go-live filter settings', () => {
  it('reads a filter for all rooms and a room of its own, words trimmed', () => {
    const settings = Settings.parse({
      notifications: {
        goLiveFilters: {
          all: { titleBlock: [' 回放 '] },
          rooms: [{ roomId: 5, areaAllow: ['单机游戏'] }],
        },
      },
    });
    expect(settings.notifications.goLiveFilters).toEqual({
      all: { titleAllow: [], titleBlock: ['回放'], areaAllow: [], areaBlock: [] },
      rooms: [
        { roomId: 5, titleAllow: [], titleBlock: [], areaAllow: ['单机游戏'], areaBlock: [] },
      ],
    });
  });

  it('refuses an empty word', () => {
    const result = Settings.safeParse({
      notifications: { goLiveFilters: { all: { titleAllow: [' '] } } },
    });
    expect(result.success).toBe(false);
  });

  it('keeps the reason with a filtered decision and words it in both languages', () => {
    const decision = NotificationDecision.parse({
      shown: false,
      reason: 'filtered',
      filter: { list: 'titleBlock', word: '回放', scope: 'all' },
    });
    expect(decision.shown === false && decision.filter).toEqual({
      list: 'titleBlock',
      word: '回放',
      scope: 'all',
    });
    expect(goLiveFilterText({ list: 'titleBlock', word: '回放', scope: 'all' }, 'zh-CN')).toBe(
      '标题含屏蔽词“回放”',
    );
    expect(goLiveFilterText({ list: 'areaAllow', scope: 'room' }, 'en')).toBe(
      'the area is not one of those asked for (this room’s filter)',
    );
  });
});
