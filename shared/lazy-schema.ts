// Headless mode built some 1,700 zod schemas at start, enough for V8 to optimize zod's
// `$constructor` `init` with TurboFan, whose code pages then stay in RSS for as long as the process
// runs (issue 41, docs/benchmarks.md "Idle RSS and TurboFan at start"). Schemas of what a default
// install does not use (other recorders' events, jobs' tables, legacy imports) are built at first
// use through this helper instead of at module load. A schema others use as a schema (the settings
// patch: the call contract, its tests) is wrapped in zod's own `z.lazy` instead, which does the same.

/**
 * A memoized getter of a schema (or of anything costly to build): `build` runs at the first call,
 * and every call returns that same value, its type inferred.
 */
export function lazySchema<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
