import { describe, expect, it } from 'vitest';
import {
  compareTimestamps,
  formatRecorderTimestamp,
  isNoneTimestamp,
  timestampMs,
  timestampTicks,
} from '../../../shared/recorder/timestamp';

describe('recorder timestamps', () => {
  it('orders by instant across offsets and beyond milliseconds', () => {
    expect(
      compareTimestamps('2024-03-17T20:37:02.4410062+08:00', '2024-03-17T12:37:02.4410061+00:00'),
    ).toBe(1);
    expect(
      compareTimestamps('2024-03-17T20:37:02+08:00', '2024-03-17T12:37:02.0000000+00:00'),
    ).toBe(0);
    expect(
      compareTimestamps('2024-03-17T20:37:02.1+08:00', '2024-03-17T20:37:02.0999999+08:00'),
    ).toBe(1);
  });

  it('converts to epoch milliseconds', () => {
    expect(timestampMs('1970-01-01T08:00:01.5+08:00')).toBe(1500);
    expect(timestampTicks('1970-01-01T00:00:00.0000001Z')).toBe(1n);
  });

  it('treats year 0001 as "none"', () => {
    expect(isNoneTimestamp('0001-01-01T00:00:00+00:00')).toBe(true);
    expect(isNoneTimestamp('2024-01-01T00:00:00+08:00')).toBe(false);
  });

  it('formats like the recorder (7 digits, offset) and round-trips', () => {
    const text = formatRecorderTimestamp(Date.UTC(2024, 2, 17, 12, 37, 2, 441), 480, 62);
    expect(text).toBe('2024-03-17T20:37:02.4410062+08:00');
    expect(timestampMs(text)).toBe(Date.UTC(2024, 2, 17, 12, 37, 2, 441));
  });
});
