import * as z from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { lazySchema } from '../../shared/lazy-schema';

// Every zod schema built calls the global config's `postProcessor` (zod's core.js `$constructor`),
// which counts them here. Issue 41: the schemas these modules build lazily must not be built at
// module load again, where headless mode's start would build them for a feature it may never use.
let built = 0;
afterEach(() => void z.config({ postProcessor: undefined }));
function countSchemas(): void {
  built = 0;
  z.config({ postProcessor: () => void built++ });
}

/** What the lazily building modules import that builds its schemas at load, as it may. */
const EAGER_DEPENDENCIES = [
  () => import('../../shared/push'),
  () => import('../../shared/settings'),
  () => import('../../shared/job-rules'),
  () => import('../../shared/jobs'),
  () => import('../../shared/history'),
  () => import('../../shared/model'),
  () => import('../../shared/platforms'),
  () => import('../../shared/recorder/webhook'),
  () => import('../../shared/recorder/timestamp'),
  () => import('../../main/features/push/core/owed-push'),
  () => import('../../main/adapters/database/outbox-table'),
  () => import('../../main/adapters/database/history-rows'),
  () => import('../../main/adapters/database/legacy-lines'),
];

/** Modules whose own schemas are built at first use. */
const LAZY_MODULES = [
  () => import('../../main/features/recorder-kinds/core/kind-events'),
  () => import('../../main/features/recorder-kinds/adapters/kind-commands'),
  () => import('../../main/features/recorder-kinds/adapters/kind-info'),
  () => import('../../main/features/jobs/adapters/jobs-table'),
  () => import('../../main/features/jobs/adapters/media-duration'),
  () => import('../../main/features/push/adapters/legacy-outbox-import'),
  () => import('../../main/adapters/database/legacy-history-import'),
  () => import('../../main/adapters/database/legacy-event-log-import'),
];

describe('lazySchema', () => {
  it('builds at the first call, once, and returns that same value after', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds++;
      return z.object({ a: z.number() });
    });
    expect(builds).toBe(0);
    const first = schema();
    expect(schema()).toBe(first);
    expect(builds).toBe(1);
    expect(first.parse({ a: 1 })).toEqual({ a: 1 });
  });

  it('keeps the other recorders, jobs and legacy imports from building schemas at load', async () => {
    for (const load of EAGER_DEPENDENCIES) await load();
    countSchemas();
    for (const load of LAZY_MODULES) await load();
    expect(built).toBe(0);

    // The count sees schemas: the first use of one of them builds it (and its parts).
    const { BlrecEnvelope, BlrecLiveData } = await import('../../shared/recorder-kinds/blrec');
    BlrecLiveData();
    const afterFirstUse = built;
    expect(afterFirstUse).toBeGreaterThan(10);
    BlrecLiveData();
    expect(built).toBe(afterFirstUse);
    expect(BlrecEnvelope().safeParse({}).success).toBe(false);
  });

  it('builds the settings patch schema at its first parse, not at load', async () => {
    for (const load of EAGER_DEPENDENCIES) await load();
    countSchemas();
    const { SettingsPatch } = await import('../../shared/settings-patch');
    expect(built).toBe(1); // zod's z.lazy, which holds the getter
    expect(SettingsPatch.safeParse({ notifications: { evnts: {} } }).success).toBe(false);
    expect(built).toBeGreaterThan(100);
  });
});
