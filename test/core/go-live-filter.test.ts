import { describe, expect, it } from 'vitest';
import { goLiveFilterMatch } from '../../main/core/go-live-filter';
import { GoLiveFilters } from '../../shared/go-live-filter';
import { coreHarness } from '../fakes/core-harness';
import { v2 } from '../helpers/recorder-events';

const room = (title: string, child = '单机游戏', parent = '游戏') => ({
  roomId: 1,
  title,
  areaNameParent: parent,
  areaNameChild: child,
});

describe('goLiveFilterMatch', () => {
  it('lets everything through with no filter', () => {
    expect(goLiveFilterMatch(GoLiveFilters.parse({}), room('any'))).toBeUndefined();
    expect(goLiveFilterMatch(undefined, room('any'))).toBeUndefined();
  });

  it('blocks by a title word anywhere, ignoring case and full-width forms', () => {
    const filters = GoLiveFilters.parse({ all: { titleBlock: ['回放', 'lol'] } });
    expect(goLiveFilterMatch(filters, room('【回放】昨天的'))).toEqual({
      list: 'titleBlock',
      word: '回放',
      scope: 'all',
    });
    expect(goLiveFilterMatch(filters, room('ＬＯＬ rank'))?.word).toBe('lol');
    expect(goLiveFilterMatch(filters, room('新游戏首发'))).toBeUndefined();
  });

  it('asks for a title word or an area on the allow lists; a block list wins', () => {
    const filters = GoLiveFilters.parse({
      all: { titleAllow: ['歌'], areaAllow: ['唱见电台'], areaBlock: ['单机游戏'] },
    });
    expect(goLiveFilterMatch(filters, room('聊天'))).toEqual({
      list: 'areaBlock',
      word: '单机游戏',
      scope: 'all',
    });
    expect(goLiveFilterMatch(filters, room('聊天', '唱见电台', '电台'))).toEqual({
      list: 'titleAllow',
      scope: 'all',
    });
    expect(goLiveFilterMatch(filters, room('唱歌', '视频唱见', '电台'))).toEqual({
      list: 'areaAllow',
      scope: 'all',
    });
    expect(goLiveFilterMatch(filters, room('唱歌', '唱见电台', '电台'))).toBeUndefined();
  });

  it('matches an area by its parent or child name, whole', () => {
    const filters = GoLiveFilters.parse({ all: { areaAllow: ['网游'] } });
    expect(goLiveFilterMatch(filters, room('x', '英雄联盟', '网游'))).toBeUndefined();
    expect(goLiveFilterMatch(filters, room('x', '网游竞技', '其他'))?.list).toBe('areaAllow');
  });

  it('uses a room’s own filter instead of the one for all', () => {
    const filters = GoLiveFilters.parse({
      all: { titleBlock: ['回放'] },
      rooms: [{ roomId: 1, titleAllow: ['歌回'] }],
    });
    expect(goLiveFilterMatch(filters, room('歌回 回放'))).toBeUndefined();
    expect(goLiveFilterMatch(filters, room('杂谈'))).toEqual({ list: 'titleAllow', scope: 'room' });
    expect(goLiveFilterMatch(filters, { ...room('回放'), roomId: 2 })?.scope).toBe('all');
  });
});

describe('go-live filters in the policy', () => {
  const started = (roomId: number, title: string) =>
    v2('StreamStarted', { roomId, title }, 0, {}, { streaming: true, recording: false });

  it('records a filtered go-live in the history with its reason and shows the others', () => {
    const core = coreHarness((s) => {
      s.notifications.groupWindowSeconds = 0;
      s.notifications.goLiveFilters = GoLiveFilters.parse({
        all: { titleBlock: ['回放'] },
        rooms: [{ roomId: 3, areaBlock: ['唱见电台'] }],
      });
    });
    core.deliver(started(1, '【回放】昨晚'));
    core.deliver(started(2, '唱歌'));
    core.deliver(started(3, '唱歌'));
    expect(core.decided.map((d) => [d.notification.roomIds[0], d.decision])).toEqual([
      [
        1,
        {
          shown: false,
          reason: 'filtered',
          filter: { list: 'titleBlock', word: '回放', scope: 'all' },
        },
      ],
      [2, { shown: true }],
      [
        3,
        {
          shown: false,
          reason: 'filtered',
          filter: { list: 'areaBlock', word: '唱见电台', scope: 'room' },
        },
      ],
    ]);
  });

  it('filters go-lives only: the same room’s other kinds pop up', () => {
    const core = coreHarness((s) => {
      s.notifications.groupWindowSeconds = 0;
      s.notifications.events.SessionStarted = true;
      s.notifications.goLiveFilters = GoLiveFilters.parse({ all: { titleBlock: ['回放'] } });
    });
    core.deliver(started(1, '回放'));
    core.deliver(
      v2('SessionStarted', { roomId: 1, title: '回放' }, 1, {
        SessionId: '8a3e4c1e-0000-4000-8000-000000000001',
      }),
    );
    expect(core.decided.map((d) => [d.notification.event, d.decision.shown])).toEqual([
      ['StreamStarted', false],
      ['SessionStarted', true],
    ]);
  });
});
