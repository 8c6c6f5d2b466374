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

  it('past 10,000 ids and 24 h, old ids are forgotten every 1,250 adds: the newest 10,000 always stay', () => {
    const w = new EventIdWindow();
    const day = 24 * 3_600_000;
    for (let i = 0; i < 12_000; i++) w.add(`old${i}`, i);
    expect(w.size).toBe(12_000); // all within one day of each other
    const sizes: number[] = [];
    for (let i = 0; i < 5_000; i++) {
      w.add(`new${i}`, 2 * day + i);
      sizes.push(w.size);
      if (i % 500 === 0) expect(w.has(`old${12_000 - 10_000 + i + 1}`)).toBe(true);
    }
    const firstPrune = sizes.findIndex((size) => size === 10_000);
    expect(firstPrune).toBeLessThan(1250);
    expect(Math.max(...sizes.slice(firstPrune))).toBeLessThan(10_000 + 1250);
    expect(w.has('new0')).toBe(true);
    expect(w.has('old0')).toBe(false);
    w.prune(2 * day + 5_000); // an explicit prune is exact
    expect(w.size).toBe(10_000);
  });

  it('a steady stream past 24 h (ids ageing out one by one) is pruned in batches too', () => {
    const w = new EventIdWindow({ maxAgeMs: 1000, minCount: 80 });
    // 200 ids within any second: more than minCount, so age decides, one id per add.
    const sizes: number[] = [];
    for (let i = 0; i < 2000; i++) {
      w.add(`id${i}`, i * 5);
      sizes.push(w.size);
    }
    // Pruned every 10 adds (an eighth of 80): between prunes up to 10 more are held.
    expect(Math.max(...sizes.slice(400))).toBeLessThanOrEqual(201 + 10);
    expect(Math.max(...sizes.slice(400))).toBeGreaterThan(201); // not pruned at every add
    expect(Math.min(...sizes.slice(400))).toBeGreaterThanOrEqual(200);
    expect(w.has('id1999')).toBe(true);
    expect(w.has('id1799')).toBe(true); // 1 s old: still inside
  });

  it('24 h / 10,000 by default: 10,001 ids within a day are all kept', () => {
    const w = new EventIdWindow();
    for (let i = 0; i <= 10_000; i++) w.add(String(i), i);
    expect(w.size).toBe(10_001);
    expect(w.has('0')).toBe(true);
  });
});
