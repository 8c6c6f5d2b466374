import { describe, expect, it } from 'vitest';
import { DEDUPE_WINDOW, EventIdWindow } from '../../main/core/event-id-window';

/** A GUID as the recorder sends one, numbered (lowercase, as the window lists them). */
const guid = (n: number, prefix = 'a'): string =>
  `${prefix.padEnd(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const limits = (maxAgeMs: number, minCount: number, maxCount = 1000) => ({
  maxAgeMs,
  minCount,
  maxCount,
});

describe('EventIdWindow', () => {
  it('recognises a repeated id, in any letter case', () => {
    const w = new EventIdWindow();
    expect(w.add(guid(1), 0)).toBe(true);
    expect(w.add(guid(1), 1)).toBe(false);
    expect(w.has(guid(1).toUpperCase())).toBe(true);
    expect(w.has(guid(2))).toBe(false);
  });

  it('takes ids that are not GUIDs too (hashed to 16 bytes)', () => {
    const w = new EventIdWindow();
    expect(w.add('not-a-guid', 0)).toBe(true);
    expect(w.add('not-a-guid', 1)).toBe(false);
    expect(w.has('not-a-guid!')).toBe(false);
    expect(w.has(guid(0))).toBe(false);
  });

  it('keeps at least minCount ids however old they are', () => {
    const w = new EventIdWindow(limits(10, 3));
    for (const i of [1, 2, 3]) w.add(guid(i), i);
    w.add(guid(4), 1_000_000);
    w.prune(1_000_000);
    expect([...w.ids()]).toEqual([guid(2), guid(3), guid(4)]);
  });

  it('keeps every id younger than maxAge even past minCount', () => {
    const w = new EventIdWindow(limits(1000, 2));
    for (let i = 0; i < 10; i++) w.add(guid(i), i * 10);
    expect(w.size).toBe(10);
    w.prune(1095);
    // ids older than 1095 - 1000 = 95 are dropped while more than 2 remain.
    expect(w.has(guid(0))).toBe(false);
    expect(w.has(guid(9))).toBe(true);
    expect(w.size).toBe(2);
  });

  it('never holds more than maxCount ids, however young: the oldest go first', () => {
    const w = new EventIdWindow(limits(60_000, 10, 100));
    for (let i = 0; i < 1000; i++) {
      w.add(guid(i), i);
      expect(w.size).toBeLessThanOrEqual(100);
    }
    expect(w.size).toBe(100);
    expect(w.has(guid(899))).toBe(false);
    expect(w.has(guid(900))).toBe(true);
    expect(w.has(guid(999))).toBe(true);
    expect([...w.ids()][0]).toBe(guid(900));
  });

  it('remembers the journal seq of each id: the oldest one is what the journal must keep', () => {
    const w = new EventIdWindow(limits(60_000, 1, 3));
    expect(w.oldestSeq()).toBe(0);
    for (let i = 1; i <= 5; i++) w.add(guid(i), i, i * 10);
    expect(w.oldestSeq()).toBe(30);
    w.delete(guid(3));
    expect(w.oldestSeq()).toBe(40);
  });

  it('forgets a deleted id and finds the others after it (the index shifts back)', () => {
    const w = new EventIdWindow(limits(60_000, 1, 128));
    for (let i = 0; i < 64; i++) w.add(guid(i), i);
    for (let i = 0; i < 64; i += 2) w.delete(guid(i));
    expect(w.size).toBe(32);
    for (let i = 0; i < 64; i++) expect(w.has(guid(i))).toBe(i % 2 === 1);
    for (let i = 0; i < 64; i += 2) expect(w.add(guid(i), 100 + i)).toBe(true);
    for (let i = 0; i < 64; i++) expect(w.has(guid(i))).toBe(true);
  });

  it('past minCount and maxAge, old ids are forgotten every eighth of minCount adds', () => {
    const w = new EventIdWindow(limits(1000, 80, 10_000));
    // 200 ids within any second: more than minCount, so age decides, one id per add.
    const sizes: number[] = [];
    for (let i = 0; i < 2000; i++) {
      w.add(guid(i), i * 5);
      sizes.push(w.size);
    }
    // Pruned every 10 adds (an eighth of 80): between prunes up to 10 more are held.
    expect(Math.max(...sizes.slice(400))).toBeLessThanOrEqual(201 + 10);
    expect(Math.max(...sizes.slice(400))).toBeGreaterThan(201); // not pruned at every add
    expect(Math.min(...sizes.slice(400))).toBeGreaterThanOrEqual(200);
    expect(w.has(guid(1999))).toBe(true);
    expect(w.has(guid(1799))).toBe(true); // 1 s old: still inside
  });

  it('by default: 24 h, at least 10,000 and at most 20,000 ids', () => {
    const w = new EventIdWindow();
    for (let i = 0; i <= 10_000; i++) w.add(guid(i), i);
    expect(w.size).toBe(10_001);
    expect(w.has(guid(0))).toBe(true);
    for (let i = 10_001; i < 30_000; i++) w.add(guid(i), i);
    expect(w.size).toBe(DEDUPE_WINDOW.maxCount);
    expect(w.has(guid(9_999))).toBe(false);
    expect(w.has(guid(10_000))).toBe(true);
    w.prune(2 * 24 * 3_600_000);
    expect(w.size).toBe(DEDUPE_WINDOW.minCount);
    expect(w.has(guid(29_999))).toBe(true);
  });

  it('agrees with a model ring over a random mix of adds and deletes', () => {
    const w = new EventIdWindow(limits(1e12, 1, 50));
    // The model: slots in arrival order (null: deleted); a full ring drops its oldest slot.
    const slots: (string | null)[] = [];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let step = 0; step < 5000; step++) {
      const id = guid(Math.floor(random() * 120), 'b');
      const at = slots.indexOf(id);
      if (random() < 0.2) {
        w.delete(id);
        if (at >= 0) slots[at] = null;
        while (slots.length > 0 && slots[0] === null) slots.shift();
        continue;
      }
      expect(w.add(id, step)).toBe(at < 0);
      if (at < 0) {
        if (slots.length === 50) slots.shift();
        slots.push(id);
        while (slots.length > 0 && slots[0] === null) slots.shift();
      }
      expect([...w.ids()]).toEqual(slots.filter((s) => s !== null));
    }
  });
});
