import { describe, expect, it } from 'vitest';
import type { HistoryNotification } from '../../../shared/history';
import { rangeBounds, type FileRange } from '../../../renderer/src/file-range';
import { fileTimes } from '../../../shared/file-times';
import { gridColumns, listKeyTarget } from '../../../renderer/src/list-keys';
import { notificationRuns } from '../../../renderer/src/notification-runs';
import { lineOffsets, visibleRangeByOffsets } from '../../../renderer/src/visible-range';
import { formatRecorderTimestamp } from '../../../shared/recorder/timestamp';

describe('the room grid and its keys', () => {
  it('is one column below 700 px and as many as fit above', () => {
    expect(gridColumns(680, 340)).toBe(1);
    expect(gridColumns(1068, 340)).toBe(3);
    expect(gridColumns(1068, undefined)).toBe(1);
  });

  it('moves by rows and columns, clamped, and ignores other keys', () => {
    expect(listKeyTarget('ArrowDown', 0, 10, 3, 2)).toBe(3);
    expect(listKeyTarget('ArrowUp', 1, 10, 3, 2)).toBe(0);
    expect(listKeyTarget('ArrowRight', 9, 10, 3, 2)).toBe(9);
    expect(listKeyTarget('ArrowRight', 0, 10, 1, 2)).toBeNull();
    expect(listKeyTarget('End', 0, 10, 1, 2)).toBe(9);
    expect(listKeyTarget('PageDown', 0, 10, 1, 4)).toBe(4);
    expect(listKeyTarget('m', 0, 10, 1, 4)).toBeNull();
  });

  it('finds the lines in view when they differ in height', () => {
    const offsets = [0, 50, 100, 180, 230, 280];
    expect(
      visibleRangeByOffsets({ offsets, scrollTop: 120, viewportHeight: 60, overscan: 0 }),
    ).toEqual({
      start: 2,
      end: 4,
    });
    expect(visibleRangeByOffsets({ offsets: [0], scrollTop: 0, viewportHeight: 100 })).toEqual({
      start: 0,
      end: 0,
    });
  });

  it('lays lines as tall as their tallest item, in columns', () => {
    const heights = [50, 80, 30, 60, 40];
    expect(lineOffsets(heights, 1, (h) => h)).toEqual([0, 50, 130, 160, 220, 260]);
    expect(lineOffsets(heights, 2, (h) => h)).toEqual([0, 80, 140, 180]);
    expect(lineOffsets([], 3, (h: number) => h)).toEqual([0]);
  });
});

describe('file times', () => {
  it("uses the recorder's own open and close times, the receipt time only without them", () => {
    const closed = Date.UTC(2024, 2, 14, 10, 0, 0);
    const times = fileTimes({
      openedAt: formatRecorderTimestamp(closed - 3_600_000),
      closedAt: formatRecorderTimestamp(closed),
      finishedAt: closed + 3 * 86_400_000,
    });
    expect(times).toEqual({ from: closed - 3_600_000, to: closed, own: true });
    expect(fileTimes({ finishedAt: 5 })).toEqual({ from: undefined, to: 5, own: false });
    expect(fileTimes({ closedAt: 'not a time', finishedAt: 5 }).own).toBe(false);
  });
});

describe('notification runs', () => {
  const now = new Date(2024, 2, 17, 12, 0).getTime();
  const entry = (
    id: string,
    createdAt: number,
    decision: HistoryNotification['decision'],
  ): HistoryNotification => ({
    notification: { id, event: 'StreamStarted', roomIds: [1], title: id, body: '', createdAt },
    decision,
    read: false,
  });

  it('heads each day, shows grouped entries once and folds runs of quiet ones', () => {
    const items = [
      entry('summary', now - 1000, { shown: true }),
      entry('in-summary', now - 2000, { shown: false, reason: 'grouped', summaryId: 'summary' }),
      entry('off-1', now - 3000, { shown: false, reason: 'disabled' }),
      entry('off-2', now - 4000, { shown: false, reason: 'muted' }),
      entry('yesterday', now - 86_400_000, { shown: true }),
    ];
    const runs = notificationRuns(items, 'en', now);
    expect(runs.map((run) => (run.kind === 'row' ? run.entry.notification.id : run.kind))).toEqual([
      'day',
      'summary',
      'folded',
      'day',
      'yesterday',
    ]);
    expect(runs[0]).toMatchObject({ day: 'today' });
    expect(runs[2]).toMatchObject({ kind: 'folded', entries: [{}, {}] });
    expect(runs[3]).toMatchObject({ day: 'yesterday' });
  });
});

describe('file time chips', () => {
  it('keeps files recorded today, yesterday or in the last 7 days, by their own close time', () => {
    const now = new Date(2024, 2, 17, 12, 0).getTime();
    const at = (daysAgo: number) => ({
      closedAt: formatRecorderTimestamp(
        now - daysAgo * 86_400_000,
        -new Date(now).getTimezoneOffset(),
      ),
      finishedAt: now,
    });
    const inRange = (file: ReturnType<typeof at>, range: FileRange) => {
      const { recordedFrom = -Infinity, recordedBefore = Infinity } = rangeBounds(range, now);
      const recorded = fileTimes(file).to;
      return recorded >= recordedFrom && recorded < recordedBefore;
    };
    expect(inRange(at(0), 'today')).toBe(true);
    expect(inRange(at(1), 'today')).toBe(false);
    expect(inRange(at(1), 'yesterday')).toBe(true);
    expect(inRange(at(3), 'week')).toBe(true);
    expect(inRange(at(9), 'week')).toBe(false);
    expect(inRange(at(9), 'all')).toBe(true);
    expect(rangeBounds('yesterday', now)).toEqual({
      recordedFrom: new Date(2024, 2, 16).getTime(),
      recordedBefore: new Date(2024, 2, 17).getTime(),
    });
  });
});
