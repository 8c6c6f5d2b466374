import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';

/** One node of a V8 `.cpuprofile` (what `node --cpu-prof` writes). */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/** A V8 `.cpuprofile`: a call tree and its samples, times in µs of the monotonic clock. */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * The parts of one webhook's way, by the project file that runs (the innermost project frame of a
 * sample's stack: zod's time is the schema's, node's `res.end` the listener's). First match wins.
 */
const AREAS: readonly [RegExp, string][] = [
  [/^main\/adapters\/database\/database-handle\.ts#exec$/, 'database: BEGIN/COMMIT (the fsync)'],
  [
    /^main\/adapters\/(webhook-listener\/|request-guards|json-answer)/,
    'listener: guards, body, the answer',
  ],
  [/^shared\/parse\.ts/, 'JSON.parse'],
  [/^shared\/recorder\//, 'webhook schema (zod)'],
  [/^main\/core\/webhook-intake\.ts/, 'intake (dedupe, counters)'],
  [
    /^main\/adapters\/database\/|^main\/app\/delivery-pruning|^main\/core\/delivery-bounds/,
    'database: the insert, pruning',
  ],
  [/^main\/app\/listener\.ts/, 'listener wiring (after the 2xx)'],
  [
    /^main\/app\/storage\.ts|^main\/core\/(event-log|history)|^main\/adapters\/(history-store|json-lines?-?file|json-line)|^shared\/history/,
    'event log, history',
  ],
  [
    /^main\/core\/(notification-|room-attention|quiet-|popup-buttons|go-live-filter|room-mute|pause)/,
    'notification policy',
  ],
  [/^main\/app\/(pipeline|sinks)\.ts|^main\/(app|core|adapters)\/push\//, 'decisions to sinks'],
  [/^main\/app\/recovery\.ts/, 'processed mark'],
  [/^main\/(core|adapters)\/guardian\//, 'source: guardian'],
  [/^main\/(core|adapters|app)\/pictures/, 'source: pictures'],
  [
    /^main\/adapters\/.*-source\.ts|^main\/core\/room-changes|^main\/app\/sources/,
    'sources, other',
  ],
  [/^main\/app\/(app-context|app-events|state)\.ts|^main\/core\/tray-model/, 'state, host events'],
  [/^main\/headless\//, 'headless output lines'],
  [/^main\/core\//, 'core: pipeline, room state'],
  [/^main\/|^shared\//, 'other app code'],
];

/** Time per area and per function, in µs, over the samples inside a time window. */
export interface ProfileBreakdown {
  /** Sampled time the main thread was not idle (includes waits in synchronous calls: fsync). */
  busyMicros: number;
  areas: Map<string, number>;
  /** By the project file the time is charged to. */
  files: Map<string, number>;
  functions: Map<string, number>;
}

/**
 * Reads a profile of the headless bundle: each sample inside [fromMicros, toMicros] (monotonic µs,
 * as `process.hrtime` gives: V8's profile clock on Linux) is charged to the area of its stack's
 * innermost project frame, found through the bundle's source maps.
 */
export function profileBreakdown(
  profile: CpuProfile,
  fromMicros: number,
  toMicros: number,
): ProfileBreakdown {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const sources = new SourceFiles();
  const areaOf = new Map<number, { area: string; file: string; name: string }>();
  const classify = (id: number): { area: string; file: string; name: string } => {
    const known = areaOf.get(id);
    if (known) return known;
    const self = byId.get(id)!.callFrame;
    const name = `${self.functionName || '(anonymous)'} ${sources.place(self) ?? self.url}`;
    let area: string | undefined;
    let charged = '(no project frame)';
    if (self.functionName === '(garbage collector)') area = 'garbage collection';
    else if (self.functionName === '(program)') area = 'V8 and native, no JS frame';
    for (let at: number | undefined = id; area === undefined && at !== undefined;) {
      const frame = byId.get(at)!.callFrame;
      const file = sources.projectFile(frame);
      if (file !== undefined) {
        charged = file;
        // A call out of project code (native, a dependency) is named after what it calls: the
        // database handle's `exec` is its BEGIN and COMMIT.
        const key = at !== id ? `${file}#${self.functionName}` : file;
        area = AREAS.find(([pattern]) => pattern.test(key))?.[1] ?? file;
      }
      at = parent.get(at);
    }
    area ??= 'node: http, sockets, timers';
    const found = { area, file: charged, name: `${name} [${area}]` };
    areaOf.set(id, found);
    return found;
  };
  const breakdown: ProfileBreakdown = {
    busyMicros: 0,
    areas: new Map(),
    files: new Map(),
    functions: new Map(),
  };
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i + 1] ?? 0; // this sample lasts until the next one
    time += profile.timeDeltas[i]!;
    if (time < fromMicros || time > toMicros) continue;
    const id = profile.samples[i]!;
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    const { area, file, name } = classify(id);
    breakdown.busyMicros += delta;
    add(breakdown.areas, area, delta);
    add(breakdown.files, file, delta);
    add(breakdown.functions, name, delta);
  }
  return breakdown;
}

function add(totals: Map<string, number>, key: string, micros: number): void {
  totals.set(key, (totals.get(key) ?? 0) + micros);
}

/** The bundle's files and their source maps: a frame's original file, relative to the repository. */
class SourceFiles {
  readonly #maps = new Map<string, SourceMap | undefined>();

  /** `main/...` or `shared/...` when the frame runs project code; undefined otherwise. */
  projectFile(frame: ProfileNode['callFrame']): string | undefined {
    const source = this.#original(frame)?.originalSource;
    return source === undefined ? undefined : /(?:^|\/)((?:main|shared)\/.*)$/.exec(source)?.[1];
  }

  /** `file:line` of the frame in its original source (node_modules trimmed), when mapped. */
  place(frame: ProfileNode['callFrame']): string | undefined {
    const entry = this.#original(frame);
    if (!entry) return undefined;
    const file = entry.originalSource.replace(/^.*?((?:node_modules|main|shared)\/)/, '$1');
    return `${file}:${entry.originalLine + 1}`;
  }

  #original(frame: ProfileNode['callFrame']) {
    if (!frame.url.startsWith('file:')) return undefined;
    let map = this.#maps.get(frame.url);
    if (!this.#maps.has(frame.url)) {
      try {
        const payload = JSON.parse(
          readFileSync(`${fileURLToPath(frame.url)}.map`, 'utf8'),
        ) as SourceMapPayload;
        map = new SourceMap(payload);
      } catch {
        map = undefined; // not a bundle of ours: no map beside it
      }
      this.#maps.set(frame.url, map);
    }
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
    return entry && 'originalSource' in entry ? entry : undefined;
  }
}
