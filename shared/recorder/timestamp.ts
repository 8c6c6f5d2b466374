import * as z from 'zod';

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

/**
 * The instant of a recorder timestamp in 100 ns ticks since the Unix epoch (exact, comparable).
 * One read lately is not read again: a webhook's times are read by the state, the guardian and
 * the file's row.
 */
export function timestampTicks(timestamp: string): bigint {
  const known = recentlyRead.get(timestamp);
  if (known !== undefined) return known;
  const ticks = readTicks(timestamp);
  // The oldest out first.
  if (recentlyRead.size >= RECENTLY_READ_MAX)
    recentlyRead.delete(recentlyRead.keys().next().value!);
  recentlyRead.set(timestamp, ticks);
  return ticks;
}

/** How many timestamps read lately are kept with their ticks (a few webhooks' worth). */
const RECENTLY_READ_MAX = 32;
const recentlyRead = new Map<string, bigint>();

// Read digit by digit, as TIMESTAMP_PATTERN reads it: this runs for every webhook, and a match
// with eleven captured strings costs several times more.
function readTicks(timestamp: string): bigint {
  const t = timestamp;
  const year = digits(t, 0, 4);
  const month = digits(t, 5, 2);
  const day = digits(t, 8, 2);
  const hour = digits(t, 11, 2);
  const minute = digits(t, 14, 2);
  const second = digits(t, 17, 2);
  let at = 19;
  let fraction = 0; // in 100 ns ticks
  if (t[at] === '.') {
    const count = digitRun(t, at + 1, 8);
    fraction = count >= 1 && count <= 7 ? digits(t, at + 1, count) * 10 ** (7 - count) : -1;
    at += 1 + count;
  }
  const offsetMinutes = t.length === at + 1 && t[at] === 'Z' ? 0 : zoneOffsetMinutes(t, at);
  if (
    Math.min(year, month, day, hour, minute, second, fraction) < 0 ||
    Number.isNaN(offsetMinutes) ||
    t[4] !== '-' ||
    t[7] !== '-' ||
    t[10] !== 'T' ||
    t[13] !== ':' ||
    t[16] !== ':'
  ) {
    throw new RangeError(`Not a recorder timestamp: ${timestamp}`);
  }
  const localMs = Date.UTC(year, month - 1, day, hour, minute, second);
  const utcMs = localMs - offsetMinutes * 60_000;
  return BigInt(utcMs) * 10_000n + BigInt(fraction);
}

/** `±HH:MM` ending the text at `at`, in minutes; NaN when it is not there. */
function zoneOffsetMinutes(text: string, at: number): number {
  const sign = text[at] === '+' ? 1 : text[at] === '-' ? -1 : 0;
  const hours = digits(text, at + 1, 2);
  const minutes = digits(text, at + 4, 2);
  if (sign === 0 || text[at + 3] !== ':' || text.length !== at + 6 || hours < 0 || minutes < 0)
    return NaN;
  return sign * (hours * 60 + minutes);
}

/** The number written by `count` decimal digits at `start`, or -1 when one is not a digit. */
function digits(text: string, start: number, count: number): number {
  let value = 0;
  for (let index = start; index < start + count; index += 1) {
    // No helper per character: such a call was three quarters of a parse's calls.
    const code = text.charCodeAt(index);
    if (!(code >= 48 && code <= 57)) return -1; // '0'–'9'; NaN (past the end) is not
    value = value * 10 + (code - 48);
  }
  return value;
}

/** How many decimal digits (at most `max`) follow one another from `start`. */
function digitRun(text: string, start: number, max: number): number {
  let count = 0;
  for (; count < max; count += 1) {
    const code = text.charCodeAt(start + count);
    if (!(code >= 48 && code <= 57)) break; // '0'–'9'; NaN (past the end) is not
  }
  return count;
}

/** Milliseconds since the epoch of a recorder timestamp (sub-millisecond digits dropped). */
export function timestampMs(timestamp: string): number {
  return Number(timestampTicks(timestamp) / 10_000n);
}

/** Instants before this (1971-01-01T00:00Z, in ms) are the recorder's "no time" (year 0001). */
const NONE_BEFORE_MS = 31_536_000_000;

/** Whether an epoch-ms instant read from a recorder timestamp is its "no time". */
export function isNoneMs(epochMs: number): boolean {
  return epochMs < NONE_BEFORE_MS;
}

/**
 * The recorder's "no time" value (`0001-01-01T00:00:00+00:00`) and anything before 1971. The year
 * alone decides when it is far from 1971 (a poll reads two times of every room); only a year of
 * 1970 or 1971 is read whole, as its offset can carry it across. For a timestamp the schema
 * (RecorderTimestamp) accepted; anything else may throw a RangeError.
 */
export function isNoneTimestamp(timestamp: string): boolean {
  const year = digits(timestamp, 0, 4);
  if (year >= 0 && year < 1970) return true;
  if (year > 1971) return false;
  return isNoneMs(timestampMs(timestamp));
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
