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
