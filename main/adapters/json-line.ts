/**
 * One JSON line for an entry whose last field is a webhook body, reusing the body's JSON text as
 * received when it has no line break (the recorder sends compact JSON). Serialising a body again
 * costs more than the rest of the line; the text as received is also exactly what the recorder
 * sent (a number past 2^53 keeps its digits). Without usable text the body is serialised (so
 * `body` may be anything when the text is known to be one line).
 */
export function lineWithBody(
  head: Record<string, unknown>,
  body: unknown,
  bodyJson: string | undefined,
): string {
  // Only a line feed ends a line in these files (JSON allows it between tokens, never in a string).
  if (bodyJson === undefined || bodyJson.includes('\n')) return JSON.stringify({ ...head, body });
  const fields = JSON.stringify(head);
  return `${fields.length > 2 ? `${fields.slice(0, -1)},` : '{'}"body":${bodyJson}}`;
}

const LINE_END = Buffer.from('}\n');
const LINE_FEED = 0x0a;

/**
 * As `lineWithBody`, as the bytes of one line with its line feed, in parts to be written together:
 * the body's bytes as received (UTF-8 JSON, no byte order mark) go in as they are, neither decoded
 * nor encoded again, when they hold no line feed.
 */
export function lineBytesWithBody(
  head: Record<string, unknown>,
  body: unknown,
  bodyBytes: Uint8Array | undefined,
): Uint8Array[] {
  if (bodyBytes === undefined || bodyBytes.includes(LINE_FEED))
    return [Buffer.from(`${JSON.stringify({ ...head, body })}\n`)];
  const fields = JSON.stringify(head);
  const start = `${fields.length > 2 ? `${fields.slice(0, -1)},` : '{'}"body":`;
  return [Buffer.from(start), bodyBytes, LINE_END];
}
