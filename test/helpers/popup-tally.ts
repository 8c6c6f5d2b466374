/**
 * The chaos test's account of popups over many runs of one app (issue 32, Acceptance 3): a popup
 * is committed as owed, shown, then marked shown, so a kill between the two shows it again at the
 * next start. A happening shown in no run is lost (a failure); one decision (its `key`: journal
 * entry and kind) shown by more than one run is a repeat (counted, allowed); one process showing
 * a happening twice, or one happening shown from two decisions (a retry, a V1 after its V2, a hot
 * standby's copy decided as news), is a failure: no kill explains it. `bench/chaos.ts` reads the
 * line `tallyLine` prints.
 */

/** A popup as headless mode prints it (a `notification` line) or the policy decides it. */
export interface PopupLine {
  event?: unknown;
  /** The decision's key (journal entry and kind), when it came from a journaled delivery. */
  key?: unknown;
  body?: unknown;
  roomIds?: unknown;
}

/** A happening shown more than once, and how many times over all runs. */
export interface Repeat {
  identity: string;
  times: number;
}

/** What the runs popped up against what should have popped up. */
export interface PopupTally {
  /** Happenings that should have popped up and were shown by no run. */
  lost: string[];
  /** Happenings shown more than once over all runs (a kill between shown and marked shown). */
  repeats: Repeat[];
  /** Happenings one process showed more than once: never allowed. */
  sameRun: (Repeat & { run: number })[];
  /** Happenings shown from more than one decision (their keys): never allowed. */
  decidedTwice: { identity: string; keys: string[] }[];
}

/**
 * The happening a popup stands for: `file:<file name>` for a finished file (its body's first
 * line), `live:<rooms>` for a go-live; undefined for any other popup (not counted).
 */
export function popupIdentity(line: PopupLine): string | undefined {
  if (line.event === 'FileClosed') return `file:${String(line.body).split('\n')[0] ?? ''}`;
  if (line.event === 'StreamStarted' && Array.isArray(line.roomIds))
    return `live:${line.roomIds.join()}`;
  return undefined;
}

/** Counts each run's popups by happening and sets them against `expected` (identities). */
export function tallyPopups(
  runs: readonly (readonly PopupLine[])[],
  expected: Iterable<string>,
): PopupTally {
  const total = new Map<string, number>();
  const keys = new Map<string, Set<string>>();
  const sameRun: PopupTally['sameRun'] = [];
  let unkeyed = 0;
  runs.forEach((lines, run) => {
    const counts = countBy(lines);
    for (const [identity, times] of counts) {
      total.set(identity, (total.get(identity) ?? 0) + times);
      if (times > 1) sameRun.push({ identity, times, run });
    }
    for (const line of lines) {
      const identity = popupIdentity(line);
      if (identity === undefined) continue;
      // A popup without a key is a decision of its own.
      const key = line.key === undefined ? `(no key ${(unkeyed += 1)})` : String(line.key);
      keys.set(identity, (keys.get(identity) ?? new Set()).add(key));
    }
  });
  return {
    lost: [...new Set(expected)].filter((identity) => !total.has(identity)).sort(),
    repeats: [...total]
      .filter(([, times]) => times > 1)
      .map(([identity, times]) => ({ identity, times }))
      .sort((a, b) => a.identity.localeCompare(b.identity)),
    sameRun,
    decidedTwice: [...keys]
      .filter(([, decisions]) => decisions.size > 1)
      .map(([identity, decisions]) => ({ identity, keys: [...decisions].sort() }))
      .sort((a, b) => a.identity.localeCompare(b.identity)),
  };
}

/** The happenings `lines` show, each with how many times. */
function countBy(lines: readonly PopupLine[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    const identity = popupIdentity(line);
    if (identity !== undefined) counts.set(identity, (counts.get(identity) ?? 0) + 1);
  }
  return counts;
}

const PREFIX = 'chaos result:';

/** What one chaos run comes to, as `tallyLine` prints it and `parseTallyLine` reads it. */
export interface ChaosResult {
  seed: number;
  lost: number;
  repeats: number;
  decidedTwice: number;
  /** The lost happenings, the repeated ones (`<identity>×<times>`), those decided twice. */
  lostList: string[];
  repeatList: string[];
  decidedTwiceList: string[];
}

/**
 * One plain line: `chaos result: seed=842154 lost=0 repeats=1 decided-twice=0 {"lost":[],
 * "repeated":["file:a.flv×2"],"decidedTwice":[]}` (the lists as JSON at the end, so that names
 * with any character read back).
 */
export function tallyLine(seed: number, tally: PopupTally): string {
  const lists = {
    lost: tally.lost,
    repeated: tally.repeats.map((r) => `${r.identity}×${r.times}`),
    decidedTwice: tally.decidedTwice.map((d) => `${d.identity} (${d.keys.join(', ')})`),
  };
  return (
    `${PREFIX} seed=${seed} lost=${tally.lost.length} repeats=${tally.repeats.length} ` +
    `decided-twice=${tally.decidedTwice.length} ${JSON.stringify(lists)}`
  );
}

/** Reads a line `tallyLine` printed (anywhere in `line`); undefined for any other line. */
export function parseTallyLine(line: string): ChaosResult | undefined {
  const at = line.indexOf(PREFIX);
  if (at < 0) return undefined;
  const match = /^ seed=(\d+) lost=(\d+) repeats=(\d+) decided-twice=(\d+) (\{.*\})\s*$/.exec(
    line.slice(at + PREFIX.length),
  );
  if (!match) return undefined;
  let lists: { lost?: unknown; repeated?: unknown; decidedTwice?: unknown };
  try {
    lists = JSON.parse(match[5]!) as typeof lists;
  } catch {
    return undefined; // a line cut or mixed with other output
  }
  const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
  return {
    seed: Number(match[1]),
    lost: Number(match[2]),
    repeats: Number(match[3]),
    decidedTwice: Number(match[4]),
    lostList: list(lists.lost),
    repeatList: list(lists.repeated),
    decidedTwiceList: list(lists.decidedTwice),
  };
}
