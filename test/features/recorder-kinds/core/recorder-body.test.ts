import { describe, expect, it } from 'vitest';
import { recorderBody } from '../../../../main/features/recorder-kinds/core/recorder-body';
import { RecorderState } from '../../../../main/core/recorder-state';
import { parseWebhook } from '../../../../shared/recorder/webhook';

// A stand-in for the adapter's name-based GUIDs: one GUID per key, the same each time.
const guids = new Map<string, string>();
const guidOf = (key: string) => {
  if (!guids.has(key))
    guids.set(key, `00000000-0000-5000-8000-${String(guids.size).padStart(12, '0')}`);
  return guids.get(key)!;
};
const base = { guidOf, knownRoom: () => undefined, via: 'blrec test' };
const AT = '2025-06-03T21:00:00.512094+08:00';

describe('recorderBody', () => {
  it("builds V2 bodies BililiveRecorder's parser reads, a session's start and end one session", () => {
    const room = { roomId: 21452505, name: 'Nana', title: 'hi' };
    const start = recorderBody(
      { type: 'SessionStarted', key: 'k1', at: AT, room, session: 's' },
      base,
    );
    const end = recorderBody({ type: 'SessionEnded', key: 'k2', at: AT, room, session: 's' }, base);
    const [a, b] = [parseWebhook(start), parseWebhook(end)];
    expect(a.ok && a.value).toMatchObject({
      format: 'v2',
      type: 'SessionStarted',
      id: guidOf('k1'),
    });
    expect(a.ok && b.ok && a.value.data).toMatchObject({ SessionId: guidOf('s'), Name: 'Nana' });
    expect(b.ok && 'SessionId' in b.value.data && b.value.data.SessionId).toBe(guidOf('s'));
  });

  it('builds a finished file as a V1 body with its relative path and size', () => {
    const body = recorderBody(
      { type: 'FileClosed', key: 'f', at: AT, room: { roomId: 1 }, path: '/rec/x/a.flv' },
      { ...base, file: { relativePath: 'x/a.flv', size: 1234 } },
    );
    const parsed = parseWebhook(body);
    expect(parsed.ok && parsed.value).toMatchObject({
      format: 'v1',
      data: { RoomId: 1, Name: '1', RelativePath: 'x/a.flv', FileSize: 1234, Via: 'blrec test' },
    });
  });

  it('fills the names an event leaves out from what the app knows of the room', () => {
    const body = recorderBody(
      { type: 'StreamEnded', key: 'e', at: AT, room: { roomId: 7, title: 'new' } },
      { ...base, knownRoom: () => ({ name: 'Known', areaParent: 'A' }) },
    );
    expect(body).toMatchObject({
      EventData: { RoomId: 7, Name: 'Known', Title: 'new', AreaNameParent: 'A', Streaming: false },
    });
  });

  it('a room change updates the names and tells neither live nor recording', () => {
    const state = new RecorderState('blrec');
    const live = parseWebhook(
      recorderBody(
        { type: 'StreamStarted', key: 'l', at: AT, room: { roomId: 7, title: 'a' } },
        base,
      ),
    );
    const change = parseWebhook(
      recorderBody(
        { type: 'RoomChanged', key: 'c', at: AT, room: { roomId: 7, title: 'b' } },
        base,
      ),
    );
    if (!live.ok || !change.ok) throw new Error('unparsed');
    expect(state.applyWebhook(live.value).map((h) => h.kind)).toEqual(['StreamStarted']);
    expect(state.applyWebhook(change.value)).toEqual([]);
    expect(state.rooms.get(7)).toMatchObject({ title: 'b', streaming: true });
  });

  it("carries another platform's room into the state and its finished file, bilibili's unmarked", () => {
    const state = new RecorderState('bililive-go');
    const room = { roomId: 2 ** 50 + 9, platform: 'douyin', platformRoom: '123', name: 'N' };
    const live = parseWebhook(
      recorderBody({ type: 'StreamStarted', key: 'p', at: AT, room }, base),
    );
    const file = parseWebhook(
      recorderBody(
        { type: 'FileClosed', key: 'pf', at: AT, room, path: '/rec/d.flv' },
        { ...base, file: { relativePath: 'd.flv', size: 5 } },
      ),
    );
    if (!live.ok || !file.ok) throw new Error('unparsed');
    state.applyWebhook(live.value);
    const [closed] = state.applyWebhook(file.value);
    expect(state.rooms.get(room.roomId)).toMatchObject({ platform: 'douyin', platformRoom: '123' });
    expect(closed?.room).toMatchObject({ platform: 'douyin', platformRoom: '123' });
    const bilibili = recorderBody(
      { type: 'StreamStarted', key: 'b', at: AT, room: { roomId: 7 } },
      base,
    ) as { EventData: Record<string, unknown> };
    expect(Object.keys(bilibili.EventData)).not.toContain('Platform');
  });
});
