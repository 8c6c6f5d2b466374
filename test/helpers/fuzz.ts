/** Values no field expects: wrong types, edges of numbers, long and hostile strings. */
export const ODD_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  -1,
  1.5,
  2 ** 53 + 2,
  -1e308,
  1e308,
  '',
  ' ',
  '-1',
  'NaN',
  'x'.repeat(20_000),
  '开播'.repeat(5_000),
  '\u0000\u202e\ud800',
  `${'../'.repeat(4)}etc/passwd`, // a path that climbs out of the recording folder
  'C:\\Windows\\..\\..\\x.flv',
  '2024-02-30T25:61:61.000+99:00',
  '0001-01-01T00:00:00+00:00',
  '9999-12-31T23:59:59.9999999+14:00',
  '/absolute/path/x.flv',
  'a/b/c/'.repeat(2_000),
  '<script>alert(1)</script>',
  [],
  [1, 'a', null],
  {},
  { nested: { deeper: [null, {}] } },
];

/** One item of `list`, chosen by `random` (a seeded stream: test/fakes/fake-recorder/rooms.ts). */
export function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** Every object inside `value` (in arrays too), itself included. */
export function objectsIn(value: unknown, found: Record<string, unknown>[] = []) {
  if (value !== null && typeof value === 'object') {
    if (!Array.isArray(value)) found.push(value as Record<string, unknown>);
    for (const inner of Object.values(value)) objectsIn(inner, found);
  }
  return found;
}

/**
 * Bends one field of one object somewhere in `root`: half the time to an odd value of the same
 * type (so that a schema lets it in and what comes after meets it), else to any odd value, away,
 * or a new field. Odd values are copied in, so that a later bend cannot make a cycle.
 */
export function bendOnce(random: () => number, root: unknown, odd: readonly unknown[]): void {
  const target = pick(random, objectsIn(root));
  const keys = Object.keys(target);
  const key = keys.length > 0 ? pick(random, keys) : 'Extra';
  const kept = typeof target[key];
  const sameType = kept === 'object' ? [] : odd.filter((v) => typeof v === kept);
  const change = random();
  if (change < 0.5 && sameType.length > 0) target[key] = pick(random, sameType);
  else if (change < 0.7) target[key] = structuredClone(pick(random, odd));
  else if (change < 0.85) delete target[key];
  else target[`Extra${keys.length}`] = structuredClone(pick(random, odd));
}
