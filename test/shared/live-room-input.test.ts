import { describe, expect, it } from 'vitest';
import { parseLiveRoomInput } from '../../shared/live-room-input';

describe('parseLiveRoomInput', () => {
  it.each([
    ['23058', 23058],
    [' 3 ', 3],
    ['https://live.bilibili.com/23058', 23058],
    ['http://live.bilibili.com/23058/', 23058],
    ['live.bilibili.com/23058', 23058],
    ['https://live.bilibili.com/h5/23058', 23058],
    ['https://live.bilibili.com/23058?spm_id_from=333.1007&broadcast_type=0', 23058],
    ['https://LIVE.bilibili.com/21452505#top', 21452505],
    ['2147483647', 2_147_483_647],
  ])('reads %j as room %i', (text, roomId) => {
    expect(parseLiveRoomInput(text)).toEqual({ ok: true, roomId });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['0', 'invalid'],
    ['-3', 'invalid'],
    ['2147483648', 'invalid'],
    ['12.5', 'invalid'],
    ['https://live.bilibili.com.evil.example/23058', 'invalid'],
    ['https://evil.example/live.bilibili.com/23058', 'invalid'],
    ['https://www.bilibili.com/video/BV1xx411c7mD', 'invalid'],
    ['https://live.bilibili.com/', 'invalid'],
    ['javascript:alert(1)//live.bilibili.com/3', 'invalid'],
  ])('refuses %j (%s)', (text, reason) => {
    expect(parseLiveRoomInput(text)).toEqual({ ok: false, reason });
  });
});
