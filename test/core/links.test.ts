import { describe, expect, it } from 'vitest';
import {
  isLiveRoomUrl,
  isRecorderPageUrl,
  linkTargetUrl,
  liveRoomUrl,
  recorderPageUrl,
  roomPageUrl,
  roomPageUrlIn,
} from '../../main/core/links';
import { platformRoom } from '../../shared/platforms';

describe('links', () => {
  it('builds live room URLs for positive ids only', () => {
    expect(liveRoomUrl(23058)).toBe('https://live.bilibili.com/23058');
    expect(liveRoomUrl(0)).toBeNull();
    expect(liveRoomUrl(1.5)).toBeNull();
    // Another platform's room id is no bilibili number: its page comes from its platform.
    const douyin = platformRoom('DouYin', '123456789');
    expect(liveRoomUrl(douyin.roomId)).toBeNull();
    expect(roomPageUrl(douyin)).toBe('https://live.douyin.com/123456789');
    expect(roomPageUrl({ roomId: 23058 })).toBe('https://live.bilibili.com/23058');
    expect(roomPageUrlIn([douyin], douyin.roomId)).toBe('https://live.douyin.com/123456789');
    expect(roomPageUrlIn([], douyin.roomId)).toBeNull();
    expect(isLiveRoomUrl('https://live.douyin.com/123456789')).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'smb://evil/share',
    'http://live.bilibili.com/1',
    'https://live.bilibili.com.evil.com/1',
    'https://live.bilibili.com/1?x',
    'https://live.bilibili.com/1#x',
    'https://live.bilibili.com/1/',
    'https://live.bilibili.com/',
    'https://user@live.bilibili.com/1',
    'https://live.bilibili.com:444/1',
    'https://LIVE.bilibili.com/1',
    'https://live.bilibili.com/1\n',
    ' https://live.bilibili.com/1',
  ])('does not take %j for a live room', (url) => {
    expect(isLiveRoomUrl(url)).toBe(false);
  });

  it("builds the recorder's page URLs from its base URL", () => {
    expect(recorderPageUrl('http://127.0.0.1:2356', 'ui')).toBe('http://127.0.0.1:2356/ui/');
    expect(recorderPageUrl('http://127.0.0.1:2356/', 'swagger')).toBe(
      'http://127.0.0.1:2356/swagger/',
    );
    expect(recorderPageUrl('https://nas.local/brec//', 'ui')).toBe('https://nas.local/brec/ui/');
    expect(recorderPageUrl('http://[::1]:2356', 'ui')).toBe('http://[::1]:2356/ui/');
  });

  it('refuses recorder base URLs that are not plain http(s)', () => {
    for (const base of [
      '',
      'javascript:alert(1)//',
      'file:///x',
      'http://u:p@nas/',
      'http://nas/?a=1',
      'http://nas/#x',
    ]) {
      expect(recorderPageUrl(base, 'ui'), base).toBeNull();
    }
  });

  it('recognises exactly the two recorder pages', () => {
    const base = 'http://127.0.0.1:2356';
    expect(isRecorderPageUrl('http://127.0.0.1:2356/ui/', base)).toBe(true);
    expect(isRecorderPageUrl('http://127.0.0.1:2356/swagger/', base)).toBe(true);
    expect(isRecorderPageUrl('http://127.0.0.1:2356/api/room', base)).toBe(false);
    expect(isRecorderPageUrl('http://127.0.0.1:2357/ui/', base)).toBe(false);
    expect(isRecorderPageUrl('http://127.0.0.1:2356/ui/', '')).toBe(false);
  });

  it('maps window links to URLs', () => {
    const base = 'http://127.0.0.1:2356';
    expect(linkTargetUrl({ kind: 'liveRoom', roomId: 3 }, base)).toBe(
      'https://live.bilibili.com/3',
    );
    expect(linkTargetUrl({ kind: 'recorderUi' }, base)).toBe('http://127.0.0.1:2356/ui/');
    expect(linkTargetUrl({ kind: 'recorderApi' }, '')).toBeNull();
  });
});
