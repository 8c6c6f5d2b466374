import * as z from 'zod';
import type { KindCommandFailure } from '../../../../shared/i18n/kind-text';
import { lazySchema } from '../../../../shared/lazy-schema';
import type { RecorderSetting } from '../../../../shared/settings';
import { apiBase, blrecKey, kindGet } from './kind-commands';

/** What another kind's API says of itself: its version, or why it did not say. */
export type KindInfo = { ok: true; version: string } | { ok: false; failure: KindCommandFailure };

/** blrec's `GET /api/v1/app/info` (src/blrec/web/routers/application.py, `AppInfo`). */
const BlrecInfo = lazySchema(() => z.looseObject({ name: z.string(), version: z.string() }));
/** bililive-go's `GET /api/info` (src/servers/server.go `getInfo`, src/consts/consts.go `Info`). */
const BililiveGoInfo = lazySchema(() =>
  z.looseObject({ app_name: z.string(), app_version: z.string() }),
);

/**
 * Asks a blrec or bililive-go recorder what it is, as the connection check of Settings →
 * Recorders: blrec behind its API key (`x-api-key`: every route is, once a key is set,
 * src/blrec/web/main.py), bililive-go open. Other kinds have no API this app speaks.
 */
export async function kindInfo(recorder: RecorderSetting): Promise<KindInfo> {
  const base = apiBase(recorder);
  try {
    if (recorder.kind === 'blrec') {
      const info = await kindGet(`${base}/api/v1/app/info`, BlrecInfo(), blrecKey(recorder));
      return info.ok ? { ok: true, version: info.value.version } : info;
    }
    if (recorder.kind === 'bililive-go') {
      const info = await kindGet(`${base}/api/info`, BililiveGoInfo());
      return info.ok ? { ok: true, version: info.value.app_version } : info;
    }
    return { ok: false, failure: { reason: 'cannot', command: 'check' } };
  } catch (error) {
    return { ok: false, failure: { reason: 'unreachable', detail: String(error) } };
  }
}
