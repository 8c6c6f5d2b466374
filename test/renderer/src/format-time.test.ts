import { describe, expect, it } from 'vitest';
import { formatWhen, isPausedForever } from '../../../renderer/src/format-time';

describe('formatWhen', () => {
  const now = new Date(2024, 2, 17, 21, 30).getTime();

  it('gives the time of day for today and adds the date otherwise', () => {
    expect(formatWhen(new Date(2024, 2, 17, 8, 5).getTime(), 'en', now)).toBe('08:05');
    const yesterday = formatWhen(new Date(2024, 2, 16, 23, 59).getTime(), 'zh-CN', now);
    expect(yesterday).toContain('03');
    expect(yesterday).toContain('16');
    expect(yesterday).toContain('23:59');
  });

  it('shows a dash for a time that is not a number', () => {
    expect(formatWhen(Number.NaN, 'en', now)).toBe('—');
  });
});

describe('isPausedForever', () => {
  it('tells "until resumed" (the largest date) from a pause with an end', () => {
    const now = Date.UTC(2024, 0, 1);
    expect(isPausedForever(8_640_000_000_000_000, now)).toBe(true);
    expect(isPausedForever(now + 3_600_000, now)).toBe(false);
  });
});
