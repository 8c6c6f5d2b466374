import { JSON_BYTE } from '../../../shared/json-bytes';

/**
 * Nesting the listener takes: far past any recorder body (two levels), and well within what
 * serialising a value again can go (JSON.stringify overflows the stack at a few thousand levels,
 * fewer when called from deep in a stack), so nothing after the answer meets a value it cannot
 * handle.
 */
export const MAX_JSON_DEPTH = 1000;

const { QUOTE, BACKSLASH, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET } = JSON_BYTE;

/**
 * Whether JSON text nests arrays and objects more than `limit` deep, read from its UTF-8 bytes
 * without parsing (strings skipped; a multi-byte character never holds these ASCII bytes). Text
 * shorter than `limit` bytes cannot be, so callers may skip it.
 */
export function nestedDeeperThan(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth -= 1;
  }
  return false;
}

/**
 * Whether a body nests past MAX_JSON_DEPTH, looked at only where it could: a body shorter than
 * that many bytes cannot (a recorder body is about a kilobyte, two levels deep).
 */
export function tooDeep(bytes: Uint8Array): boolean {
  return bytes.length > MAX_JSON_DEPTH && nestedDeeperThan(bytes, MAX_JSON_DEPTH);
}
