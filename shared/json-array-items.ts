import { JSON_BYTE } from './json-bytes';

const { QUOTE, BACKSLASH, COMMA, OPEN_BRACKET, CLOSE_BRACKET, OPEN_BRACE, CLOSE_BRACE } = JSON_BYTE;

/** The length of an item already known to start at `at` (its bytes compared by the caller), or -1. */
export type KnownItem = (at: number, index: number) => number;

const NONE_KNOWN: KnownItem = () => -1;

/**
 * Where the items of a top-level JSON array lie in its UTF-8 bytes, not parsed: `[{"a":1}, 2]`
 * gives the places of `{"a":1}` and `2` as `[start, end, start, end]` (end excluded). Only the
 * array's own structure is checked (brackets, braces and strings balanced, items separated by
 * commas); each item is JSON only once JSON.parse says so. undefined when the bytes are not an
 * array of that shape; the caller then parses the whole text and reports what is wrong.
 *
 * An item `known` vouches for is not scanned at all, only the comma or `]` after it is looked for:
 * a poll compares each room's bytes with the same room of the last list and scans only the rooms
 * that changed (main/adapters/room-list-cache.ts). Bytes can be read as they are: the characters
 * that make the structure are ASCII, and no byte of a multi-byte UTF-8 character is below 0x80.
 */
export function jsonArrayItems(
  bytes: Uint8Array,
  known: KnownItem = NONE_KNOWN,
): number[] | undefined {
  let at = skipSpace(bytes, 0);
  if (bytes[at] !== OPEN_BRACKET) return undefined;
  at = skipSpace(bytes, at + 1);
  const spans: number[] = [];
  if (bytes[at] === CLOSE_BRACKET) return atEnd(bytes, at + 1) ? spans : undefined;
  for (let index = 0; ; index += 1) {
    const length = known(at, index);
    let end: number;
    let after: number; // the comma or `]` after the item
    if (length > 0) {
      end = at + length;
      after = skipSpace(bytes, end);
    } else {
      after = itemEnd(bytes, at);
      if (after < 0) return undefined;
      end = trimEnd(bytes, at, after);
    }
    spans.push(at, end);
    const next = bytes[after];
    if (next === CLOSE_BRACKET) return atEnd(bytes, after + 1) ? spans : undefined;
    if (next !== COMMA) return undefined;
    at = skipSpace(bytes, after + 1);
  }
}

/** Where the item starting at `at` ends: the index of the comma or `]` after it; -1 when broken. */
function itemEnd(bytes: Uint8Array, at: number): number {
  let depth = 0;
  for (let i = at; i < bytes.length; i += 1) {
    const code = bytes[i];
    if (code === QUOTE) {
      i = stringEnd(bytes, i);
      if (i < 0) return -1;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth += 1;
    else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (depth === 0) return code === CLOSE_BRACKET && i > at ? i : -1;
      depth -= 1;
    } else if (code === COMMA && depth === 0) return i > at ? i : -1;
  }
  return -1;
}

/** The index of the quote that closes the string opening at `start`; -1 when it never closes. */
function stringEnd(bytes: Uint8Array, start: number): number {
  for (let quote = bytes.indexOf(QUOTE, start + 1); quote >= 0;) {
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
    quote = bytes.indexOf(QUOTE, quote + 1);
  }
  return -1;
}

function isSpace(code: number | undefined): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipSpace(bytes: Uint8Array, at: number): number {
  while (at < bytes.length && isSpace(bytes[at])) at += 1;
  return at;
}

function trimEnd(bytes: Uint8Array, start: number, end: number): number {
  while (end > start && isSpace(bytes[end - 1])) end -= 1;
  return end;
}

function atEnd(bytes: Uint8Array, at: number): boolean {
  return skipSpace(bytes, at) === bytes.length;
}
