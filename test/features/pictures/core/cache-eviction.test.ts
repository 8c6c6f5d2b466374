import { describe, expect, it } from 'vitest';
import { evictionOrder } from '../../../../main/features/pictures/core/cache-eviction';

describe('evictionOrder', () => {
  const files = [
    { key: 'a', size: 40, usedAt: 3 },
    { key: 'b', size: 40, usedAt: 1 },
    { key: 'c', size: 40, usedAt: 2 },
  ];

  it('deletes nothing under the cap', () => {
    expect(evictionOrder(files, 120)).toEqual([]);
  });

  it('deletes the least recently used first, down to the cap', () => {
    expect(evictionOrder(files, 80)).toEqual(['b']);
    expect(evictionOrder(files, 40)).toEqual(['b', 'c']);
  });

  it('keeps the pictures in use while others can go', () => {
    expect(evictionOrder(files, 80, new Set(['b']))).toEqual(['c']);
    expect(evictionOrder(files, 0, new Set(['b']))).toEqual(['c', 'a', 'b']);
  });
});
