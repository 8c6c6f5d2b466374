import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './headless-process';
import { defines, definesQualified, sourceFilesByName } from './source-names';

const SOURCE = `
export class Thing {
  readonly #hidden = 1;
  count?: number;
  async start(): Promise<void> {}
  get size(): number { return 1; }
}
function helper() {}
export const LIMIT = 3;
export type Shape = { kind: 'a' };
export { Outside, type Shape as Form } from './elsewhere';
const wiring = {
  decided: (x: number) => x,
};
// mentions notDefined(), and calls helper() and Thing.start()
`;

describe('defines: what the docs test takes for a definition', () => {
  it('finds declarations, exported or not, and members', () => {
    const names = ['Thing', 'helper', 'LIMIT', 'Shape', 'start', 'size', 'count', 'decided'];
    for (const name of [...names, 'Outside']) expect(defines(SOURCE, name), name).toBe(true);
  });

  it('does not take a mention, a call or a part of a longer name for one', () => {
    for (const name of ['notDefined', 'Thin', 'LIMITS', 'hidden', 'kind2'])
      expect(defines(SOURCE, name), name).toBe(false);
  });

  it('checks both ends of a qualified name', () => {
    expect(definesQualified(SOURCE, 'Thing.start')).toBe(true);
    expect(definesQualified(SOURCE, 'Thing.stop')).toBe(false);
    expect(definesQualified(SOURCE, 'Other.start')).toBe(false);
  });
});

describe('sourceFilesByName', () => {
  it('lists the repository files by base name, without node_modules or fixtures', () => {
    const byName = sourceFilesByName(PROJECT_ROOT);
    expect(byName.get('event-pipeline.ts')).toEqual(['main/core/event-pipeline.ts']);
    expect([...byName.values()].flat().some((path) => path.includes('node_modules'))).toBe(false);
  });
});
