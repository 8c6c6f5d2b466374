/**
 * A webhook id (EventId / EventRandomId: a GUID, which the schema checks) as four 32-bit words,
 * written into `out` at `offset`: 16 bytes instead of a 36-character string in a Map. Anything
 * that is not a GUID (never from the recorder; tests and hand-written senders) is hashed to 128
 * bits instead, four independent 32-bit hashes, so two different strings share a value only by a
 * 2^-128 chance.
 */
export function writeIdWords(id: string, out: Uint32Array, offset: number): void {
  if (id.length === 36 && readGuid(id, out, offset)) return;
  for (let word = 0; word < 4; word += 1) out[offset + word] = hashString(id, word);
}

/** The GUID's 32 hex digits as four words; false when a character is not a hex digit. */
function readGuid(id: string, out: Uint32Array, offset: number): boolean {
  let word = 0;
  let digits = 0;
  let index = offset;
  for (let i = 0; i < 36; i += 1) {
    const code = id.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23) {
      if (code !== 0x2d) return false;
      continue;
    }
    const value = hexValue(code);
    if (value < 0) return false;
    word = (word << 4) | value;
    if (++digits === 8) {
      out[index++] = word >>> 0;
      word = 0;
      digits = 0;
    }
  }
  return true;
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const lower = code | 0x20; // A-F as a-f: ids are compared case-insensitively, as the intake does
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10;
  return -1;
}

/** A 32-bit hash of `text` seeded by `seed` (murmur3's mixing steps over UTF-16 code units). */
function hashString(text: string, seed: number): number {
  let h = (0x9747b28c ^ Math.imul(seed + 1, 0x85ebca6b)) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    let k = Math.imul(text.charCodeAt(i), 0xcc9e2d51);
    k = Math.imul((k << 15) | (k >>> 17), 0x1b873593);
    h ^= k;
    h = (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
  }
  h ^= text.length;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The words at `offset` as a lowercase GUID (what `ids()` lists). */
export function idWordsToGuid(words: Uint32Array, offset: number): string {
  let hex = '';
  for (let word = 0; word < 4; word += 1)
    hex += words[offset + word]!.toString(16).padStart(8, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
