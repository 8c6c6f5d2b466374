import type { Profiler } from 'node:inspector';
import { describe, expect, it } from 'vitest';
import { tallyCoverage } from '../../../bench/support/coverage-tally';

const URL_A = 'file:///app/main/a.ts';
const URL_B = 'file:///app/shared/b.ts';
const relativeOf = (url: string) => (url.startsWith('file:///app/') ? url.slice(12) : undefined);

/** One take of coverage: per script, each function's count (its own range at its offset). */
function take(counts: Record<string, Record<string, number>>): Profiler.ScriptCoverage[] {
  return Object.entries(counts).map(([url, functions], index) => ({
    scriptId: String(index),
    url,
    functions: Object.entries(functions).map(([name, count]) => {
      const start = name.charCodeAt(0) * 100;
      return {
        functionName: name,
        isBlockCoverage: true,
        ranges: [{ startOffset: start, endOffset: start + 50, count }],
      };
    }),
  }));
}

describe('tallyCoverage', () => {
  const event = take({
    [URL_A]: { tick: 5, parse: 3, idle: 0 },
    [URL_B]: { format: 2 },
    'node:internal/x': { other: 9 },
  });

  it('takes off each function its count in one idle window, floored at 0', () => {
    const tally = tallyCoverage(event, [take({ [URL_A]: { tick: 4, parse: 7 } })], relativeOf);
    expect(tally).toMatchObject({ files: 2, functions: 2, calls: 3 });
    expect(tally.callsByFile).toEqual(
      new Map([
        ['main/a.ts', 1],
        ['shared/b.ts', 2],
      ]),
    );
    expect(tally.callsByFunction.get(`main/a.ts:tick@${'t'.charCodeAt(0) * 100}`)).toBe(1);
  });

  it('takes off the largest count of each function over several idle windows', () => {
    const idles = [
      take({ [URL_A]: { tick: 2 } }),
      take({ [URL_A]: { tick: 5 }, [URL_B]: { format: 1 } }),
      take({ [URL_A]: { tick: 1, parse: 1 } }),
    ];
    const tally = tallyCoverage(event, idles, relativeOf);
    expect(tally).toMatchObject({ files: 2, functions: 2, calls: 3 });
    expect(tally.callsByFile).toEqual(
      new Map([
        ['main/a.ts', 2],
        ['shared/b.ts', 1],
      ]),
    );
    expect(tallyCoverage(event, [], relativeOf).calls).toBe(10);
  });
});
