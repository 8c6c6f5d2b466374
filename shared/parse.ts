import type * as z from 'zod';

/** A schema failure whose message lists every problem as `path: message`. */
export class SchemaParseError extends Error {
  /** One `path: message` line per problem, e.g. `EventData.RoomId: expected number, received string`. */
  readonly reasons: readonly string[];

  constructor(what: string, reasons: readonly string[]) {
    super(`${what} is not valid: ${reasons.join('; ')}`);
    this.name = 'SchemaParseError';
    this.reasons = reasons;
  }
}

/** Result of parsing untrusted data: the value, or the reasons it was refused. */
export type ParseResult<T> = { ok: true; value: T } | { ok: false; reasons: string[] };

/** Formats zod issues as `a.b[2].c: message` lines, dropping zod's "Invalid input: " prefix. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const path = issue.path.reduce<string>((acc, key) => {
      if (typeof key === 'number') return `${acc}[${key}]`;
      return acc ? `${acc}.${String(key)}` : String(key);
    }, '');
    const message = issue.message.replace(/^Invalid input: /, '');
    return `${path || '(root)'}: ${message}`;
  });
}

/** Parses data from outside the process (network, disk, IPC) without throwing. */
export function safeParseUnknown<T>(schema: z.ZodType<T>, data: unknown): ParseResult<T> {
  const result = schema.safeParse(data);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, reasons: describeIssues(result.error.issues) };
}

/** `JSON.parse` that returns a result instead of throwing. */
export function parseJsonText(
  text: string,
): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** `JSON.parse` that gives undefined for text that is not JSON (no JSON text parses to undefined). */
export function jsonOrUndefined(text: string): unknown {
  const parsed = parseJsonText(text);
  return parsed.ok ? parsed.value : undefined;
}

/** Whether a value is a JSON object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Compile-time exhaustiveness check for `switch` statements. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
