const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * The texts of the items of a top-level JSON array, not parsed: `[{"a":1}, 2]` gives `{"a":1}` and
 * `2`. Only the array's own structure is checked (brackets, braces and strings balanced, items
 * separated by commas); each item is JSON only once JSON.parse says so. undefined when the text is
 * not an array of that shape; the caller then parses the whole text and reports what is wrong.
 * It lets a poll parse only the rooms whose text changed (main/adapters/room-list-cache.ts).
 */
export function jsonArrayItems(text: string): string[] | undefined {
  let at = skipSpace(text, 0);
  if (text.charCodeAt(at) !== OPEN_BRACKET) return undefined;
  at = skipSpace(text, at + 1);
  const items: string[] = [];
  if (text.charCodeAt(at) === CLOSE_BRACKET) return atEnd(text, at + 1) ? items : undefined;
  for (;;) {
    const end = itemEnd(text, at);
    if (end < 0) return undefined;
    items.push(text.slice(at, trimEnd(text, at, end)));
    const next = text.charCodeAt(end);
    if (next === CLOSE_BRACKET) return atEnd(text, end + 1) ? items : undefined;
    at = skipSpace(text, end + 1); // past the comma
  }
}

/** Where the item starting at `at` ends: the index of the comma or `]` after it; -1 when broken. */
function itemEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = stringEnd(text, i);
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
function stringEnd(text: string, start: number): number {
  for (let quote = text.indexOf('"', start + 1); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote;
  }
  return -1;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && isSpace(text.charCodeAt(at))) at += 1;
  return at;
}

function trimEnd(text: string, start: number, end: number): number {
  while (end > start && isSpace(text.charCodeAt(end - 1))) end -= 1;
  return end;
}

function atEnd(text: string, at: number): boolean {
  return skipSpace(text, at) === text.length;
}
