import { describe, expect, test } from 'vitest';
import { pruneOldest } from '../../main/core/prune-oldest';

describe('pruneOldest', () => {
  test('does nothing up to keep + slack, then drops the oldest down to keep in one pass', () => {
    const map = new Map<number, string>();
    for (let i = 0; i < 12; i++) map.set(i, `v${i}`);
    pruneOldest(map, 10, 2);
    expect(map.size).toBe(12);
    map.set(12, 'v12');
    pruneOldest(map, 10, 2);
    expect([...map.keys()]).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  test('a Set, with the default slack of an eighth', () => {
    const set = new Set<string>();
    for (let i = 0; i < 10_000 + 1250; i++) set.add(String(i));
    pruneOldest(set, 10_000);
    expect(set.size).toBe(11_250);
    set.add('newest');
    pruneOldest(set, 10_000);
    expect(set.size).toBe(10_000);
    expect(set.has('1250')).toBe(false);
    expect(set.has('1251')).toBe(true);
    expect(set.has('newest')).toBe(true);
  });

  test('a re-inserted entry counts as new (delete, then set)', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    map.delete('a');
    map.set('a', 1);
    pruneOldest(map, 1, 0);
    expect([...map.keys()]).toEqual(['a']);
  });
});
