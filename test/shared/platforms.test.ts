import { describe, expect, it } from 'vitest';
import {
  isPlatformRoomUrl,
  PLATFORM_ROOM_BASE,
  platformName,
  platformRoom,
  platformRoomOfUrl,
  platformRoomUrl,
  roomLabel,
} from '../../shared/platforms';

describe('platforms', () => {
  it('keeps a bilibili room its own number, from either recorder', () => {
    expect(platformRoom('Bilibili', '21452505')).toEqual({ roomId: 21452505 });
    expect(platformRoomOfUrl('https://live.bilibili.com/21452505?x=1', '哔哩哔哩')).toEqual({
      roomId: 21452505,
    });
  });

  it("gives another platform's room a stable safe id far above bilibili's, the same from both recorders", () => {
    const fromTools = platformRoom('DouYin', '123456789');
    const fromGo = platformRoomOfUrl('https://live.douyin.com/123456789', '抖音');
    expect(fromGo).toEqual(fromTools);
    expect(fromTools).toMatchObject({ platform: 'douyin', platformRoom: '123456789' });
    expect(fromTools.roomId).toBeGreaterThanOrEqual(PLATFORM_ROOM_BASE);
    expect(Number.isSafeInteger(fromTools.roomId)).toBe(true);
    expect(platformRoom('HuYa', '123456789').roomId).not.toBe(fromTools.roomId);
    expect(platformRoomOfUrl('https://m.huya.com/lpl/', '虎牙')).toEqual(
      platformRoom('huya', 'lpl'),
    );
  });

  it("builds a room's page on its platform's fixed https host, nothing for an unknown one", () => {
    expect(platformRoomUrl(platformRoom('DouYin', '123456789'))).toBe(
      'https://live.douyin.com/123456789',
    );
    expect(platformRoomUrl(platformRoom('TikTok', 'some.one'))).toBe(
      'https://www.tiktok.com/@some.one/live',
    );
    expect(platformRoomUrl(platformRoom('某直播', '7'))).toBeNull();
    // A key that is no room key of the platform (an URL kept whole, a path) gets no page.
    expect(platformRoomUrl({ platform: 'douyin', platformRoom: '1/../../evil' })).toBeNull();
    expect(platformRoomUrl(platformRoomOfUrl('https://www.douyu.com/topic/x?rid=1', '斗鱼'))).toBe(
      null,
    );
  });

  it.each([
    ['https://live.douyin.com/123456789', true],
    ['https://www.huya.com/lpl', true],
    ['http://live.douyin.com/123456789', false],
    ['https://live.douyin.com.evil.com/1', false],
    ['https://live.douyin.com/1?x', false],
    ['https://live.douyin.com/1/', false],
    ['https://huya.com/lpl', false],
    ['https://user@live.douyin.com/1', false],
    ['https://evil.example/123456789', false],
  ])('takes %j for a room page: %s', (url, yes) => {
    expect(isPlatformRoomUrl(url)).toBe(yes);
  });

  it('names a platform in both languages, an unknown one as sent', () => {
    expect(platformName('douyin', 'zh-CN')).toBe('抖音');
    expect(platformName('douyin', 'en')).toBe('Douyin');
    expect(platformName('某直播', 'en')).toBe('某直播');
    expect(roomLabel({ platform: 'huya' }, '主播', 'zh-CN')).toBe('虎牙 · 主播');
    expect(roomLabel({}, '主播', 'en')).toBe('主播');
  });
});
