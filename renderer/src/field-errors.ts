/** The `path: message` errors that belong to a field at `path` (or to anything inside it). */
export function errorsFor(errors: readonly string[], path: string): string[] {
  return errors
    .filter((error) => belongsTo(error, path))
    .map((error) => error.slice(error.indexOf(': ') + 2));
}

/** The errors no field claims, shown whole next to the save button. */
export function unclaimedErrors(errors: readonly string[], paths: readonly string[]): string[] {
  return errors.filter((error) => !paths.some((path) => belongsTo(error, path)));
}

function belongsTo(error: string, path: string): boolean {
  const at = error.indexOf(': ');
  if (at < 0) return false;
  const errorPath = error.slice(0, at);
  return errorPath === path || errorPath.startsWith(`${path}.`) || errorPath.startsWith(`${path}[`);
}
