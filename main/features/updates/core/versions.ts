// Semantic versions as electron-builder's feeds carry them (`version: 1.2.3` in latest.yml), compared
// the way electron-updater does (semver precedence), without a dependency in the pure core.

/** A parsed semantic version: numbers, and the pre-release identifiers ('1.2.3-beta.1'). */
interface Version {
  core: [number, number, number];
  pre: string[];
}

const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

function parse(text: string): Version | undefined {
  const match = VERSION.exec(text.trim());
  if (!match) return undefined;
  const [, major, minor, patch, pre] = match;
  return {
    core: [Number(major), Number(minor), Number(patch)],
    pre: pre === undefined ? [] : pre.split('.'),
  };
}

/** Whether `text` is a semantic version (a leading `v` allowed, as tags have). */
export function isVersion(text: string): boolean {
  return parse(text) !== undefined;
}

function comparePre(a: string[], b: string[]): number {
  if (a.length === 0 || b.length === 0) return b.length - a.length; // a release beats its pre-releases
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    if (x === y) continue;
    const xn = /^\d+$/.test(x);
    const yn = /^\d+$/.test(y);
    if (xn && yn) return Number(x) - Number(y);
    if (xn !== yn) return xn ? -1 : 1; // numeric identifiers sort before alphanumeric ones
    return x < y ? -1 : 1;
  }
  return 0;
}

/** Semver precedence: negative when a < b, 0 when equal, positive when a > b; undefined if either is not a version. */
export function compareVersions(a: string, b: string): number | undefined {
  const x = parse(a);
  const y = parse(b);
  if (x === undefined || y === undefined) return undefined;
  for (let i = 0; i < 3; i++) {
    const diff = (x.core[i] ?? 0) - (y.core[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return Math.sign(comparePre(x.pre, y.pre));
}

/** Whether `candidate` is a newer version than `current` (false when either is not a version). */
export function isNewerVersion(candidate: string, current: string): boolean {
  return (compareVersions(candidate, current) ?? 0) > 0;
}
