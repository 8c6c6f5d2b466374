import { describe, expect, it } from 'vitest';
import { visibleRange } from '../../../renderer/src/visible-range';

describe('visibleRange', () => {
  it('renders the rows in view plus the overscan on each side', () => {
    expect(
      visibleRange({ count: 500, rowHeight: 100, scrollTop: 0, viewportHeight: 450, overscan: 2 }),
    ).toEqual({ start: 0, end: 7 });
    expect(
      visibleRange({
        count: 500,
        rowHeight: 100,
        scrollTop: 1050,
        viewportHeight: 450,
        overscan: 2,
      }),
    ).toEqual({ start: 8, end: 17 });
  });

  it('stops at the ends of the list', () => {
    expect(
      visibleRange({
        count: 500,
        rowHeight: 100,
        scrollTop: 49_900,
        viewportHeight: 450,
        overscan: 3,
      }),
    ).toEqual({ start: 496, end: 500 });
    expect(visibleRange({ count: 3, rowHeight: 100, scrollTop: 0, viewportHeight: 900 })).toEqual({
      start: 0,
      end: 3,
    });
  });

  it('renders nothing for an empty list and one row for a viewport not measured yet', () => {
    expect(visibleRange({ count: 0, rowHeight: 100, scrollTop: 0, viewportHeight: 600 })).toEqual({
      start: 0,
      end: 0,
    });
    expect(
      visibleRange({ count: 10, rowHeight: 100, scrollTop: 0, viewportHeight: 0, overscan: 0 }),
    ).toEqual({ start: 0, end: 1 });
  });

  it('keeps a scroll position past the end (a list that just shrank) inside the list', () => {
    expect(
      visibleRange({
        count: 5,
        rowHeight: 100,
        scrollTop: 10_000,
        viewportHeight: 300,
        overscan: 1,
      }),
    ).toEqual({ start: 3, end: 5 });
  });
});
