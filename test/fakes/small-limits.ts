import type { StorageLimits } from '../../main/app/storage';

/**
 * Storage bounds small enough that the deliveries are pruned and the history compacts every few
 * deliveries: the chaos test reaches every pruning and compaction within seconds. Passed through AppPorts.limits (in-process
 * tests) or the test-only headless entry (test/fakes/headless-small-limits.ts), never from the
 * environment of the shipped app.
 */
export const SMALL_TEST_LIMITS: StorageLimits = {
  history: { files: 64, notifications: 16, events: 16 },
  dedupe: { maxAgeMs: 0, minCount: 16, maxCount: 32 },
  pruning: { pruneEvery: 8 },
};
