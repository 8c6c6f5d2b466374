/**
 * Untrusted text (a title, a path) made safe for one log line: JSON-quoted, so control characters
 * cannot forge lines, and cut at 200 characters.
 */
export function quoteForLog(text: string): string {
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);
}

/** The message of an error, or the thrown value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An error's stack (its message when it has none), or the thrown value as text: for the log. */
export function errorDetail(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** The `code` of a Node error (`ENOENT`, `EACCES`…), if it has one. */
export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : undefined;
}
