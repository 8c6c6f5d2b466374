import { describe, expect, it } from 'vitest';
import { EventIdWindow } from '../../main/core/event-id-window';

describe('EventIdWindow', () => {
  it('recognises a repeated id', () => {
    const w = new EventIdWindow();
    expect(w.add('a', 0)).toBe(true);
    expect(w.add('a', 1)).toBe(false);
    expect(w.has('a')).toBe(true);
  });

  it('keeps at least minCount ids however old they are', () => {
    const w = new EventIdWindow({ maxAgeMs: 10, minCount: 3 });
    for (const [i, id] of ['a', 'b', 'c'].entries()) w.add(id, i);
    w.add('d', 1_000_000);
    expect([...w.ids()]).toEqual(['b', 'c', 'd']);
  });

  it('keeps every id younger than maxAge even past minCount', () => {
    const w = new EventIdWindow({ maxAgeMs: 1000, minCount: 2 });
    for (let i = 0; i < 10; i++) w.add(`id${i}`, i * 10);
    expect(w.size).toBe(10);
    w.add('late', 1095);
    // ids older than 1095 - 1000 = 95 are dropped while more than 2 remain.
    expect(w.has('id0')).toBe(false);
    expect(w.has('id9')).toBe(true);
    expect(w.size).toBe(2);
  });

  it('past 10,000 ids and 24 h, old ids are forgotten in batches: the newest 10,000 always stay', () => {
    const w = new EventIdWindow();
    const day = 24 * 3_600_000;
    for (let i = 0; i < 12_000; i++) w.add(`old${i}`, i);
    expect(w.size).toBe(12_000); // all within one day of each other
    const sizes: number[] = [];
    for (let i = 0; i < 3_000; i++) {
      w.add(`new${i}`, 2 * day + i);
      sizes.push(w.size);
      if (i % 500 === 0) expect(w.has(`old${12_000 - 10_000 + i + 1}`)).toBe(true);
    }
    expect(Math.min(...sizes)).toBe(10_000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(10_000 + 1250);
    expect(w.has('new0')).toBe(true);
    expect(w.has('old0')).toBe(false);
    w.prune(2 * day + 3_000); // an explicit prune is exact
    expect(w.size).toBe(10_000);
  });

  it('24 h / 10,000 by default: 10,001 ids within a day are all kept', () => {
    const w = new EventIdWindow();
    for (let i = 0; i <= 10_000; i++) w.add(String(i), i);
    expect(w.size).toBe(10_001);
    expect(w.has('0')).toBe(true);
  });
});
