import { describe, expect, it } from 'vitest';
import { blrecEvents } from '../../../../main/features/recorder-kinds/core/blrec-events';
import { kindFixture } from '../../../helpers/kind-fixtures';

const events = (name: string) => {
  const parsed = blrecEvents(kindFixture(`blrec/${name}`));
  if (!parsed.ok) throw new Error(parsed.reasons.join('; '));
  return parsed.value;
};

describe('blrecEvents', () => {
  it('reads a go-live with the streamer, the room and the time made ISO 8601', () => {
    expect(events('live-began.json')).toEqual([
      {
        type: 'StreamStarted',
        key: 'blrec:9a0c3b5e-4068-11f0-8a7c-0242ac110002',
        at: '2025-06-03T21:00:00.512094+08:00',
        room: {
          roomId: 21452505,
          name: '七海Nana7mi',
          title: '晚上好',
          shortId: 0,
          areaParent: '虚拟主播',
          areaChild: '虚拟主播',
        },
      },
    ]);
  });

  it('names one session by the room and the stream start, from its start to its end', () => {
    const [started] = events('recording-started.json');
    const [finished] = events('recording-finished.json');
    expect(started).toMatchObject({ type: 'SessionStarted', session: 'blrec:21452505:1748955600' });
    expect(finished).toMatchObject({ type: 'SessionEnded', session: 'blrec:21452505:1748955600' });
  });

  it('keys a finished file by its path, so the post-processed report is the same file', () => {
    const [file] = events('video-file-completed.json');
    const path = '/rec/21452505 - 七海Nana7mi/blive_21452505_2025-06-03-210002.flv';
    expect(file).toEqual({
      type: 'FileClosed',
      key: `blrec:file:${path}`,
      at: '2025-06-03T22:09:25.771002+08:00',
      room: { roomId: 21452505 },
      path,
    });
    const again = blrecEvents({
      ...kindFixture('blrec/video-file-completed.json'),
      type: 'VideoPostprocessingCompletedEvent',
      id: '5a5a5a5a-4072-11f0-8a7c-0242ac110002',
    });
    expect(again.ok && again.value[0]).toMatchObject({ key: `blrec:file:${path}` });
  });

  it('reads a room change, an end, and known events it has no use for', () => {
    expect(events('room-change.json')[0]).toMatchObject({
      type: 'RoomChanged',
      room: { title: '晚上好！唱歌', areaParent: '娱乐', areaChild: '唱见' },
    });
    expect(events('live-ended.json')[0]).toMatchObject({ type: 'StreamEnded' });
    expect(events('video-file-created.json')).toEqual([]);
  });

  it("reads blrec's own problems: a full disk and an error", () => {
    expect(events('space-no-enough.json')).toEqual([
      {
        type: 'Problem',
        at: '2025-06-03T22:10:00.000001+08:00',
        problem: 'disk-low',
        detail: '/rec: 536076288 bytes free, below 1073741824',
        facts: { freeBytes: 536076288, thresholdBytes: 1073741824 },
      },
    ]);
    expect(events('error.json')[0]).toMatchObject({
      problem: 'recorder-error',
      detail: 'ConnectionResetError: Traceback (most recent call last):',
      facts: { errorName: 'ConnectionResetError' },
    });
  });

  it('refuses what is not a blrec event, naming why', () => {
    const unknown = blrecEvents({ ...kindFixture('blrec/live-began.json'), type: 'NewEvent' });
    expect(unknown).toEqual({
      ok: false,
      reasons: ['type: not a blrec event this app knows: NewEvent'],
    });
    const broken = blrecEvents({
      ...kindFixture('blrec/live-began.json'),
      data: { room_info: {} },
    });
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.reasons[0]).toMatch(/^data\.user_info/);
    const badDate = blrecEvents({ ...kindFixture('blrec/live-began.json'), date: 'yesterday' });
    expect(badDate).toEqual({ ok: false, reasons: ['date: not a time blrec writes: yesterday'] });
    expect(blrecEvents([]).ok).toBe(false);
  });
});
