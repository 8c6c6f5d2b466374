import type { Profiler } from 'node:inspector';
import { pathToFileURL } from 'node:url';

/** What ran of the app's code in a window, after the idle window's counts were taken off. */
export interface CoverageTally {
  /** Scripts with at least one function that ran. */
  files: number;
  /** Functions that ran (a count above 0). */
  functions: number;
  /** Calls: the sum of those functions' counts. */
  calls: number;
  /** Calls per script, by its path relative to the project's root. */
  callsByFile: Map<string, number>;
  /** Calls per function, keyed `path:name@offset` (`--functions` lists the most called). */
  callsByFunction: Map<string, number>;
}

/**
 * A function's key across two takes of the same process: its script and its own range (V8 keeps
 * scripts and offsets while the process lives).
 */
function functionKey(url: string, fn: Profiler.FunctionCoverage): string | undefined {
  const own = fn.ranges[0];
  return own === undefined ? undefined : `${url}\0${own.startOffset}:${own.endOffset}`;
}

/**
 * Counts what ran of the scripts `relativeOf` names (it gives their path, or undefined for other
 * scripts) in `event`, less what ran in the idle windows `idles`: each function's largest count in
 * any one of them, floored at 0 (with one idle window, its count there). A function's calls are
 * the count of its own range, the first: in detailed (block) mode the ranges after it count blocks
 * inside the function, not calls.
 */
export function tallyCoverage(
  event: readonly Profiler.ScriptCoverage[],
  idles: readonly (readonly Profiler.ScriptCoverage[])[],
  relativeOf: (url: string) => string | undefined,
): CoverageTally {
  const idleCounts = new Map<string, number>();
  for (const idle of idles) {
    const counts = new Map<string, number>();
    for (const script of idle) {
      if (relativeOf(script.url) === undefined) continue;
      for (const fn of script.functions) {
        const key = functionKey(script.url, fn);
        if (key !== undefined) counts.set(key, (counts.get(key) ?? 0) + fn.ranges[0]!.count);
      }
    }
    for (const [key, count] of counts)
      idleCounts.set(key, Math.max(idleCounts.get(key) ?? 0, count));
  }
  const tally: CoverageTally = {
    files: 0,
    functions: 0,
    calls: 0,
    callsByFile: new Map(),
    callsByFunction: new Map(),
  };
  for (const script of event) {
    const file = relativeOf(script.url);
    if (file === undefined) continue;
    let calls = 0;
    for (const fn of script.functions) {
      const key = functionKey(script.url, fn);
      if (key === undefined) continue;
      const count = Math.max(0, fn.ranges[0]!.count - (idleCounts.get(key) ?? 0));
      if (count === 0) continue;
      tally.functions += 1;
      calls += count;
      const name = `${file}:${fn.functionName || '(anonymous)'}@${fn.ranges[0]!.startOffset}`;
      tally.callsByFunction.set(name, (tally.callsByFunction.get(name) ?? 0) + count);
    }
    if (calls === 0) continue;
    tally.calls += calls;
    tally.callsByFile.set(file, (tally.callsByFile.get(file) ?? 0) + calls);
  }
  tally.files = tally.callsByFile.size; // a file loaded twice (two script ids) is one file
  return tally;
}

/**
 * The project-relative path of a script URL under one of `folders` of `root` (a file URL, as tsx
 * gives the TypeScript sources), or undefined for every other script (node_modules, node's own).
 */
export function projectScript(
  root: string,
  folders: readonly string[],
): (url: string) => string | undefined {
  const base = pathToFileURL(root).href.replace(/\/?$/, '/');
  return (url) => {
    if (!url.startsWith(base)) return undefined;
    const relative = decodeURIComponent(url.slice(base.length).split('?')[0]!);
    return folders.some((folder) => relative.startsWith(`${folder}/`)) ? relative : undefined;
  };
}
