import { z } from 'zod';

// The recorder writes .NET "o"-style times with 0–7 fractional digits, trailing zeros trimmed, and
// an offset (never `Z`, but we accept it from hand-written test payloads).
const TIMESTAMP_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,7}))?(Z|([+-])(\d{2}):(\d{2}))$/;

/** A recorder timestamp, kept as the raw string (JS `Date` would drop digits past milliseconds). */
export const RecorderTimestamp = z
  .string()
  .regex(TIMESTAMP_PATTERN, 'expected an ISO 8601 time with 0–7 fractional digits and an offset');
/** A recorder timestamp string. */
export type RecorderTimestamp = z.infer<typeof RecorderTimestamp>;

/** The instant of a recorder timestamp in 100 ns ticks since the Unix epoch (exact, comparable). */
export function timestampTicks(timestamp: string): bigint {
  const m = TIMESTAMP_PATTERN.exec(timestamp);
  if (!m) throw new RangeError(`Not a recorder timestamp: ${timestamp}`);
  const [, y, mo, d, h, mi, s, fraction = '', zone, sign, oh, om] = m;
  const localMs = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const offsetMinutes = zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  const utcMs = localMs - offsetMinutes * 60_000;
  return BigInt(utcMs) * 10_000n + BigInt(fraction.padEnd(7, '0'));
}

/** Orders two recorder timestamps by instant: negative, zero or positive. */
export function compareTimestamps(a: string, b: string): number {
  const diff = timestampTicks(a) - timestampTicks(b);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

/** Milliseconds since the epoch of a recorder timestamp (sub-millisecond digits dropped). */
export function timestampMs(timestamp: string): number {
  return Number(timestampTicks(timestamp) / 10_000n);
}

/** The recorder's "no time" value (`0001-01-01T00:00:00+00:00`) and anything before 1971. */
export function isNoneTimestamp(timestamp: string): boolean {
  return timestampMs(timestamp) < 31_536_000_000;
}

/** Formats an epoch-ms instant the way the recorder does: 7 fractional digits and a local offset. */
export function formatRecorderTimestamp(
  epochMs: number,
  offsetMinutes = 480,
  subMsTicks = 0,
): string {
  const shifted = new Date(epochMs + offsetMinutes * 60_000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const fraction = pad(shifted.getUTCMilliseconds(), 3) + pad(subMsTicks % 10_000, 4);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return (
    `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}` +
    `T${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}` +
    `.${fraction}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}
