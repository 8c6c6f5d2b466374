import { describe, expect, it } from 'vitest';
import {
  RecorderTimestamp,
  formatRecorderTimestamp,
  isNoneMs,
  isNoneTimestamp,
  timestampMs,
  timestampTicks,
} from '../../../shared/recorder/timestamp';

describe('recorder timestamps', () => {
  // Ticks (100 ns, as the recorder writes them) order events; the state compares them.
  it('orders by instant across offsets and beyond milliseconds', () => {
    const ticks = timestampTicks;
    expect(
      ticks('2024-03-17T20:37:02.4410062+08:00') - ticks('2024-03-17T12:37:02.4410061+00:00'),
    ).toBe(1n);
    expect(ticks('2024-03-17T20:37:02+08:00')).toBe(ticks('2024-03-17T12:37:02.0000000+00:00'));
    expect(ticks('2024-03-17T20:37:02.1+08:00') - ticks('2024-03-17T20:37:02.0999999+08:00')).toBe(
      1n,
    );
  });

  it('reads the same however often a time is read, and a wrong one always fails', () => {
    const times = Array.from({ length: 80 }, (_, i) => formatRecorderTimestamp(i * 1000, 480, i));
    const first = times.map(timestampTicks);
    expect(times.map(timestampTicks)).toEqual(first);
    expect([...times].reverse().map(timestampTicks)).toEqual([...first].reverse());
    expect(first[79]).toBe(79_000n * 10_000n + 79n);
    for (let i = 0; i < 2; i++)
      expect(() => timestampTicks('2024-03-17T20:37:02')).toThrow(RangeError);
  });

  it('converts to epoch milliseconds', () => {
    expect(timestampMs('1970-01-01T08:00:01.5+08:00')).toBe(1500);
    expect(timestampTicks('1970-01-01T00:00:00.0000001Z')).toBe(1n);
  });

  it('treats year 0001 as "none"', () => {
    expect(isNoneTimestamp('0001-01-01T00:00:00+00:00')).toBe(true);
    expect(isNoneTimestamp('2024-01-01T00:00:00+08:00')).toBe(false);
  });

  // The year alone decides far from 1971; near it the offset can carry an instant across.
  it('reads a time of 1970 or 1971 whole to tell "none"', () => {
    expect(isNoneTimestamp('1971-01-01T07:00:00+08:00')).toBe(true); // 1970-12-31T23:00Z
    expect(isNoneTimestamp('1970-12-31T23:00:00-05:00')).toBe(false); // 1971-01-01T04:00Z
    expect(isNoneTimestamp('1969-12-31T23:59:59+00:00')).toBe(true);
    expect(isNoneTimestamp('1972-01-01T00:00:00+00:00')).toBe(false);
    expect(isNoneMs(timestampMs('1971-01-01T00:00:00Z'))).toBe(false);
    expect(isNoneMs(timestampMs('1970-12-31T23:59:59.9999999Z'))).toBe(true);
    expect(() => isNoneTimestamp('197x-01-01T00:00:00Z')).toThrow(RangeError);
  });

  it('formats like the recorder (7 digits, offset) and round-trips', () => {
    const text = formatRecorderTimestamp(Date.UTC(2024, 2, 17, 12, 37, 2, 441), 480, 62);
    expect(text).toBe('2024-03-17T20:37:02.4410062+08:00');
    expect(timestampMs(text)).toBe(Date.UTC(2024, 2, 17, 12, 37, 2, 441));
  });
});

describe('timestampTicks reads exactly what the schema accepts', () => {
  const valid = [
    '2024-03-17T20:37:02+08:00',
    '2024-03-17T20:37:02.4+08:00',
    '2024-03-17T20:37:02.4410062+08:00',
    '2024-03-17T20:37:02.4410062-05:30',
    '2024-03-17T12:37:02.123Z',
    '0001-01-01T00:00:00+00:00',
  ];
  const invalid = [
    '',
    '2024-03-17T20:37:02',
    '2024-03-17T20:37:02.+08:00',
    '2024-03-17T20:37:02.44100621+08:00',
    '2024-03-17 20:37:02+08:00',
    '2024-03-17T20:37:02+0800',
    '2024-03-17T20:37:02+08:00 ',
    '2024-3-17T20:37:02+08:00',
    '2024-03-17T20:37:0x+08:00',
    '2024-03-17T20:37:02Z+08:00',
    '2024-03-17T20:37:02*08:00',
  ];

  it.each(valid)('%s: accepted, and equal to the instant read by the pattern', (text) => {
    expect(RecorderTimestamp.safeParse(text).success).toBe(true);
    const m =
      /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?(Z|([+-])(\d{2}):(\d{2}))$/.exec(
        text,
      )!;
    const [, y, mo, d, h, mi, s, fraction = '', zone, sign, oh, om] = m;
    const offset = zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
    const ms = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +s!) - offset * 60_000;
    expect(timestampTicks(text)).toBe(BigInt(ms) * 10_000n + BigInt(fraction.padEnd(7, '0')));
  });

  it.each(invalid)('%j: refused by the schema and by timestampTicks', (text) => {
    expect(RecorderTimestamp.safeParse(text).success).toBe(false);
    expect(() => timestampTicks(text)).toThrow(RangeError);
  });
});
