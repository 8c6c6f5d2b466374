import { describe, expect, it } from 'vitest';
import { visibleRangeByOffsets } from '../../../renderer/src/visible-range';

/** The offsets of `count` lines of one height (the Files list's rows). */
const even = (count: number, height: number) =>
  Array.from({ length: count + 1 }, (_, i) => i * height);

describe('visibleRangeByOffsets', () => {
  it('renders the lines in view plus the overscan on each side', () => {
    const offsets = even(500, 100);
    expect(
      visibleRangeByOffsets({ offsets, scrollTop: 0, viewportHeight: 450, overscan: 2 }),
    ).toEqual({ start: 0, end: 7 });
    expect(
      visibleRangeByOffsets({ offsets, scrollTop: 1050, viewportHeight: 450, overscan: 2 }),
    ).toEqual({ start: 8, end: 18 });
  });

  it('stops at the ends of the list', () => {
    expect(
      visibleRangeByOffsets({
        offsets: even(500, 100),
        scrollTop: 49_900,
        viewportHeight: 450,
        overscan: 3,
      }),
    ).toEqual({ start: 496, end: 500 });
    expect(
      visibleRangeByOffsets({ offsets: even(3, 100), scrollTop: 0, viewportHeight: 900 }),
    ).toEqual({ start: 0, end: 3 });
  });

  it('renders nothing for an empty list and one line for a viewport not measured yet', () => {
    expect(visibleRangeByOffsets({ offsets: [0], scrollTop: 0, viewportHeight: 600 })).toEqual({
      start: 0,
      end: 0,
    });
    expect(
      visibleRangeByOffsets({
        offsets: even(10, 100),
        scrollTop: 0,
        viewportHeight: 0,
        overscan: 0,
      }),
    ).toEqual({ start: 0, end: 1 });
  });

  it('keeps a scroll position past the end (a list that just shrank) inside the list', () => {
    expect(
      visibleRangeByOffsets({
        offsets: even(5, 100),
        scrollTop: 10_000,
        viewportHeight: 300,
        overscan: 1,
      }),
    ).toEqual({ start: 3, end: 5 });
  });
});
