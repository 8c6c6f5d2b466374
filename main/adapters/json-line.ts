/**
 * One JSON line for an entry whose last field is a webhook body, given as JSON text: the text as
 * received is reused, as serialising a body again costs more than the rest of the line, and it
 * is exactly what the recorder sent (a number past 2^53 keeps its digits). A line feed in it
 * (pretty-printed by a hand-written sender) becomes a space: a line must stay one line.
 */
export function lineWithBody(head: Record<string, unknown>, bodyJson: string): string {
  const body = bodyJson.includes('\n') ? bodyJson.replaceAll('\n', ' ') : bodyJson;
  return `${openingWithBody(head)}${body}}`;
}

/** The start of a line of `head`'s fields then a last field `body`, up to that field's value. */
function openingWithBody(head: Record<string, unknown>): string {
  const fields = JSON.stringify(head);
  return `${fields.length > 2 ? `${fields.slice(0, -1)},` : '{'}"body":`;
}

const LINE_FEED = 0x0a;

/** One line of JSON in parts: its text, and when `body` is set, those bytes and then `}\n`. */
export interface LineParts {
  text: string;
  body?: Uint8Array;
}

/**
 * As `lineWithBody`, for writing as bytes: the body's bytes as received (UTF-8 JSON, no byte
 * order mark) go in as they are, neither decoded nor encoded again; a copy with its line feeds
 * made spaces when it holds any. Without bytes, the body is serialised.
 */
export function linePartsWithBody(
  head: Record<string, unknown>,
  body: unknown,
  bodyBytes: Uint8Array | undefined,
): LineParts {
  if (bodyBytes === undefined) return { text: `${JSON.stringify({ ...head, body })}\n` };
  return { text: openingWithBody(head), body: withoutLineFeeds(bodyBytes) };
}

/**
 * JSON text's bytes with each line feed made a space. Valid JSON holds a line feed only between
 * tokens (inside a string it must be escaped), where any whitespace will do: nothing else changes,
 * and no value is parsed or serialised again (a deep one would overflow the stack).
 */
function withoutLineFeeds(bytes: Uint8Array): Uint8Array {
  let at = bytes.indexOf(LINE_FEED);
  if (at < 0) return bytes;
  const copy = Uint8Array.from(bytes);
  for (; at >= 0; at = copy.indexOf(LINE_FEED, at + 1)) copy[at] = SPACE;
  return copy;
}

const SPACE = 0x20;

/** The bytes of lines given in parts, in one buffer (one allocation for a whole batch). */
export function lineBytes(lines: readonly LineParts[]): Buffer {
  let size = 0;
  for (const line of lines)
    size += Buffer.byteLength(line.text) + (line.body ? line.body.length + LINE_END.length : 0);
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (const line of lines) {
    at += bytes.write(line.text, at);
    if (!line.body) continue;
    bytes.set(line.body, at);
    at += line.body.length;
    at += bytes.write(LINE_END, at);
  }
  return bytes;
}

const LINE_END = '}\n';
