import { describe, expect, it } from 'vitest';
import { needsBuild } from '../../../tools/start/build-freshness';

describe('needsBuild', () => {
  it('builds when an output is missing', () => {
    expect(needsBuild([100, undefined, 100], 50)).toBe(true);
    expect(needsBuild([], 50)).toBe(true);
  });

  it('builds when a source is newer than the oldest output', () => {
    expect(needsBuild([100, 90, 110], 95)).toBe(true);
  });

  it('does not build when every output is newer than every source', () => {
    expect(needsBuild([100, 90, 110], 90)).toBe(false);
    expect(needsBuild([100, 90, 110], 10)).toBe(false);
  });
});
