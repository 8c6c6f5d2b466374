import { describe, expect, it } from 'vitest';
import { nameRoom, MAX_CHOICES } from '../../../../main/features/phone/core/room-naming';
import { platformRoom } from '../../../../shared/platforms';

const ROOMS = [
  { roomId: 21452505, shortId: 0, name: '七海Nana7mi' },
  { roomId: 23058, shortId: 3, name: '3号直播间' },
  { roomId: 1000, shortId: 0, name: 'Alice' },
  { roomId: 1001, shortId: 0, name: 'Alicia' },
  { roomId: 1000, shortId: 0, name: 'Alice' }, // the same room on a second recorder
];

describe('naming a room from the phone', () => {
  it('by number, short id or live URL', () => {
    expect(nameRoom('21452505', ROOMS)).toEqual({ ok: true, roomId: 21452505 });
    expect(nameRoom('3', ROOMS)).toEqual({ ok: true, roomId: 23058 });
    expect(nameRoom('https://live.bilibili.com/23058?spm_id_from=x', ROOMS)).toEqual({
      ok: true,
      roomId: 23058,
    });
    // A number no room has yet goes to the recorder, which says whether it has it.
    expect(nameRoom('555', ROOMS)).toEqual({ ok: true, roomId: 555 });
  });

  it('another platform’s room by its own key or its page’s URL, never taken for a bilibili number', () => {
    const douyin = { ...platformRoom('douyin', '123456789'), shortId: 0, name: '抖音主播' };
    const rooms = [...ROOMS, douyin];
    expect(nameRoom('123456789', rooms)).toEqual({ ok: true, roomId: douyin.roomId });
    expect(nameRoom('https://live.douyin.com/123456789?from=share', rooms)).toEqual({
      ok: true,
      roomId: douyin.roomId,
    });
    // A bilibili room the app knows by that number comes first.
    const clash = [...rooms, { roomId: 123456789, shortId: 0, name: 'bili' }];
    expect(nameRoom('123456789', clash)).toEqual({ ok: true, roomId: 123456789 });
  });

  it('by a unique prefix of the streamer’s name, case folded; an exact name wins', () => {
    expect(nameRoom('七海', ROOMS)).toEqual({ ok: true, roomId: 21452505 });
    expect(nameRoom('alice', ROOMS)).toEqual({ ok: true, roomId: 1000 });
    expect(nameRoom('alici', ROOMS)).toEqual({ ok: true, roomId: 1001 });
  });

  it('answers an ambiguous or unknown name with the choices', () => {
    expect(nameRoom('Al', ROOMS)).toEqual({
      ok: false,
      reason: 'ambiguous',
      choices: [ROOMS[2], ROOMS[3]],
    });
    const unknown = nameRoom('/bin/sh', ROOMS);
    expect(unknown).toEqual({ ok: false, reason: 'unknown', choices: ROOMS.slice(0, 4) });
    const many = Array.from({ length: 30 }, (_, i) => ({ roomId: i + 1, name: `R${i}` }));
    expect(nameRoom('R', many)).toMatchObject({ ok: false, reason: 'ambiguous' });
    const answer = nameRoom('R', many);
    expect(answer.ok ? [] : answer.choices).toHaveLength(MAX_CHOICES);
  });
});
