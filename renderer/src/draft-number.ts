/**
 * A number typed in a form field, or `undefined` with `path: notANumber` added to `errors`; an
 * empty field is not a number either, unless it is `optional` (then it is `undefined`, no error).
 */
export function draftNumber(
  text: string,
  path: string,
  notANumber: string,
  errors: string[],
  optional = false,
): number | undefined {
  const trimmed = text.trim();
  if (optional && trimmed === '') return undefined;
  const value = Number(trimmed);
  if (trimmed !== '' && Number.isFinite(value)) return value;
  errors.push(`${path}: ${notANumber}`);
  return undefined;
}
