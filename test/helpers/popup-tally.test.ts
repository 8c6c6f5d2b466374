import { describe, expect, test } from 'vitest';
import { parseTallyLine, popupIdentity, tallyLine, tallyPopups } from './popup-tally';

/** A finished file's popup, decided from journal entry `seq`. */
const file = (name: string, seq = 1) => ({
  event: 'FileClosed',
  body: `${name}\n12 MB · 10 s`,
  key: `j${seq}:FileClosed`,
});
/** A go-live's popup, decided from journal entry `seq`. */
const live = (roomId: number, seq = 1) => ({
  event: 'StreamStarted',
  body: '今天也要开心',
  roomIds: [roomId],
  key: `j${seq}:StreamStarted`,
});

describe('popupIdentity', () => {
  test('a finished file by its body’s first line, a go-live by its rooms, nothing else', () => {
    expect(popupIdentity(file('录制-1000-a.flv'))).toBe('file:录制-1000-a.flv');
    expect(popupIdentity(live(1004))).toBe('live:1004');
    expect(popupIdentity({ event: 'StreamStarted', roomIds: [1, 2] })).toBe('live:1,2');
    expect(popupIdentity({ event: 'RecordingProblem', body: 'x', roomIds: [1] })).toBeUndefined();
    expect(popupIdentity({ event: 'StreamStarted', body: 'no rooms' })).toBeUndefined();
  });
});

describe('tallyPopups', () => {
  test('a happening due and shown by no run is lost; one decision shown by two runs is a repeat', () => {
    const tally = tallyPopups(
      [[file('a.flv', 3), live(1000)], [], [file('a.flv', 3), file('b.flv', 5)]],
      ['file:a.flv', 'file:b.flv', 'file:c.flv', 'live:1000', 'live:1001'],
    );
    expect(tally).toEqual({
      lost: ['file:c.flv', 'live:1001'],
      repeats: [{ identity: 'file:a.flv', times: 2 }],
      sameRun: [],
      decidedTwice: [],
    });
  });

  test('one process showing a happening twice is told with its run, and counts as a repeat', () => {
    const tally = tallyPopups([[live(1000)], [file('a.flv'), live(1001, 2), file('a.flv')]], []);
    expect(tally.sameRun).toEqual([{ identity: 'file:a.flv', times: 2, run: 1 }]);
    expect(tally.repeats).toEqual([{ identity: 'file:a.flv', times: 2 }]);
    expect(tally.lost).toEqual([]);
  });

  test('one happening shown from two decisions (two keys, or none) is told, over runs too', () => {
    const tally = tallyPopups(
      [
        [live(1008, 4), file('a.flv', 7)],
        [live(1008, 9), { event: 'FileClosed', body: 'a.flv' }, { event: 'FileClosed', body: 'b' }],
        [{ event: 'FileClosed', body: 'b' }],
      ],
      ['live:1008'],
    );
    expect(tally.decidedTwice).toEqual([
      { identity: 'file:a.flv', keys: ['(no key 1)', 'j7:FileClosed'] },
      { identity: 'file:b', keys: ['(no key 2)', '(no key 3)'] },
      { identity: 'live:1008', keys: ['j4:StreamStarted', 'j9:StreamStarted'] },
    ]);
    expect(tally.sameRun).toEqual([]);
  });

  test('popups nobody expected are neither lost nor repeats', () => {
    expect(tallyPopups([[file('x.flv')], [live(7)]], ['file:x.flv'])).toEqual({
      lost: [],
      repeats: [],
      sameRun: [],
      decidedTwice: [],
    });
  });
});

describe('tallyLine and parseTallyLine', () => {
  test('the line reads back, names with spaces, quotes and brackets included', () => {
    const tally = tallyPopups(
      [
        [file('a "b" ]x[ c.flv'), file('d.flv', 2)],
        [file('a "b" ]x[ c.flv'), file('d.flv', 3)],
      ],
      ['file:a "b" ]x[ c.flv', 'file:d.flv', 'file:lost } one.flv'],
    );
    const line = tallyLine(842154, tally);
    expect(line).toMatch(/^chaos result: seed=842154 lost=1 repeats=2 decided-twice=1 \{/);
    expect(parseTallyLine(`stdout | chaos.test.ts > ${line}`)).toEqual({
      seed: 842154,
      lost: 1,
      repeats: 2,
      decidedTwice: 1,
      lostList: ['file:lost } one.flv'],
      repeatList: ['file:a "b" ]x[ c.flv×2', 'file:d.flv×2'],
      decidedTwiceList: ['file:d.flv (j2:FileClosed, j3:FileClosed)'],
    });
  });

  test('any other line, or one cut short, is no result', () => {
    expect(parseTallyLine('chaos: CHAOS_SEED=1')).toBeUndefined();
    expect(
      parseTallyLine('chaos result: seed=1 lost=0 repeats=0 decided-twice=0 {"lost":[],"rep'),
    ).toBeUndefined();
    expect(parseTallyLine('chaos result: seed=1 lost=0')).toBeUndefined();
  });
});
