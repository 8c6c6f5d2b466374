/**
 * Where a file another recorder names lies under its recording root, as the relative path the
 * app's file checks take (main/core/recording-path.ts): blrec, DDTV and biliLive-tools send
 * absolute paths, BililiveRecorder relative ones. Pure on purpose, as recording-path.ts is: the
 * recorder's paths may be Windows paths on any machine. A path outside the root (or no root set)
 * keeps its file name alone, which the checks then look for in the root and may not find.
 */
export function relativeToRoot(path: string, recordingRoot: string): string {
  const parts = segments(path);
  const root = segments(recordingRoot);
  const windows = /^[A-Za-z]:/.test(path) || path.includes('\\');
  const same = (a: string, b: string) => (windows ? a.toLowerCase() === b.toLowerCase() : a === b);
  const under =
    root.length > 0 &&
    parts.length > root.length &&
    root.every((segment, index) => same(segment, parts[index]!));
  return (under ? parts.slice(root.length) : parts.slice(-1)).join('/');
}

/** A path's names, either separator, without empty ones or `.`. */
function segments(path: string): string[] {
  return path.split(/[\\/]+/).filter((part) => part !== '' && part !== '.');
}
