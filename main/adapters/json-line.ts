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

const LINE_FEED = 0x0a;

/** One line of JSON in parts: its text, and when `body` is set, those bytes and then `}\n`. */
export interface LineParts {
  text: string;
  body?: Uint8Array;
}

/**
 * As `lineWithBody`, for writing as bytes: the body's bytes as received (UTF-8 JSON, no byte
 * order mark) go in as they are, neither decoded nor encoded again, when they hold no line feed.
 */
export function linePartsWithBody(
  head: Record<string, unknown>,
  body: unknown,
  bodyBytes: Uint8Array | undefined,
): LineParts {
  if (bodyBytes === undefined || bodyBytes.includes(LINE_FEED))
    return { text: `${JSON.stringify({ ...head, body })}\n` };
  const fields = JSON.stringify(head);
  return { text: `${fields.length > 2 ? `${fields.slice(0, -1)},` : '{'}"body":`, body: bodyBytes };
}

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
