import type { CoverageTally } from './coverage-tally';

/** One traced window and its idle twin, as bench/trace.ts measured them. */
export interface TracedWindow {
  ms: number;
  /** Less each function's largest count in any of the idle windows (the figure the bounds judge). */
  tally: CoverageTally;
  /** Less its count in the first idle window only (the figure printed until 2026-11-28). */
  tallyOneIdle: CoverageTally;
  /** What ran in the first idle window alone. */
  idleTally: CoverageTally;
  /** Syncs by data-folder file, in the window and in the idle windows; undefined without strace. */
  syncs: Map<string, number> | undefined;
  idleSyncs: Map<string, number> | undefined;
}

/** The bounds of issue 41's acceptance, to be met once the storage is reworked. */
const BOUNDS = {
  fileClosed: { files: 55, calls: 700, syncs: 2 },
  poll: { files: 50 },
} as const;

/** The lines to print, the figures as one JSON line, and whether every bound holds. */
export interface TraceReport {
  lines: string[];
  json: string;
  met: boolean;
}

const number = (n: number) => n.toLocaleString('en');
const total = (syncs: Map<string, number>) => [...syncs.values()].reduce((a, b) => a + b, 0);
const byFile = (syncs: Map<string, number>) =>
  syncs.size === 0 ? 'none' : [...syncs].map(([file, n]) => `${file} ×${n}`).join(', ');

/** Lays out both windows' figures, each beside its bound (if any) and whether it holds. */
export function traceReport(
  fileClosed: TracedWindow,
  poll: TracedWindow,
  options: {
    warmup: number;
    rooms: number;
    straceAbsent: string | undefined;
    listFiles: boolean;
    listFunctions: boolean;
    idleWindows: number;
  },
): TraceReport {
  let met = true;
  // `old`: the same figure less one idle window only, printed in brackets (where two ways of
  // measuring disagree, both are shown).
  const row = (name: string, value: number, bound?: number, old?: number) => {
    const holds = bound === undefined || value <= bound;
    met &&= holds;
    const was = old === undefined ? '' : `[${number(old)}]`.padStart(8);
    const verdict =
      bound === undefined ? '' : `bound ≤ ${number(bound)}: ${holds ? 'holds' : 'DOES NOT hold'}`;
    return `  ${name.padEnd(16)}${number(value).padStart(7)}${was}   ${verdict}`.trimEnd();
  };
  const section = (
    title: string,
    traced: TracedWindow,
    bounds: { files?: number; calls?: number; syncs?: number },
  ) => {
    const old = traced.tallyOneIdle;
    const lines = [
      `${title} (window ${traced.ms.toFixed(0)} ms; taken off: each function's largest count in ` +
        `${options.idleWindows} idle windows as long [in the first alone])`,
      row('files', traced.tally.files, bounds.files, old.files),
      row('functions', traced.tally.functions, undefined, old.functions),
      row('calls', traced.tally.calls, bounds.calls, old.calls),
      `    the first idle window ran ${traced.idleTally.files} files, ` +
        `${traced.idleTally.functions} functions, ${number(traced.idleTally.calls)} calls`,
    ];
    if (traced.syncs && traced.idleSyncs) {
      lines.push(
        row('synced commits', total(traced.syncs), bounds.syncs),
        `    syncs by file: ${byFile(traced.syncs)}; in the idle windows: ${byFile(traced.idleSyncs)}`,
      );
    } else lines.push(`  synced commits: not counted (${options.straceAbsent ?? 'no strace'})`);
    if (options.listFiles) {
      const files = [...traced.tally.callsByFile].sort((a, b) => b[1] - a[1]);
      lines.push(...files.map(([file, calls]) => `    ${number(calls).padStart(6)}  ${file}`));
    }
    if (options.listFunctions) {
      const functions = [...traced.tally.callsByFunction].sort((a, b) => b[1] - a[1]);
      lines.push(
        '    the most called functions (path:name@offset):',
        ...functions.slice(0, 40).map(([fn, calls]) => `    ${number(calls).padStart(6)}  ${fn}`),
      );
    }
    return lines;
  };
  const lines = [
    `bench:trace — the app's code that runs (V8 precise coverage of main/ and shared/) and the`,
    `data folder's syncs (strace); warmed first by ${options.warmup} FileClosed of other rooms and one`,
    `poll finding another room live, each settled`,
    ...section('one FileClosed', fileClosed, BOUNDS.fileClosed),
    ...section(`one poll of ${options.rooms} rooms that finds one live`, poll, BOUNDS.poll),
    `every bound holds: ${met ? 'yes' : 'no'}` +
      (options.straceAbsent === undefined ? '' : ' (synced commits not checked)'),
  ];
  const figures = (traced: TracedWindow) => ({
    windowMs: Math.round(traced.ms),
    files: traced.tally.files,
    functions: traced.tally.functions,
    calls: traced.tally.calls,
    syncedCommits: traced.syncs ? total(traced.syncs) : null,
    oneIdleWindow: {
      files: traced.tallyOneIdle.files,
      functions: traced.tallyOneIdle.functions,
      calls: traced.tallyOneIdle.calls,
    },
  });
  const json = JSON.stringify({
    bench: 'trace',
    fileClosed: figures(fileClosed),
    poll: figures(poll),
    boundsMet: met,
    node: process.version,
  });
  return { lines, json, met };
}
