import * as z from 'zod';
import type { KindCommandFailure } from '../../../../shared/i18n/kind-text';
import { lazySchema } from '../../../../shared/lazy-schema';
import type { RecorderSetting } from '../../../../shared/settings';
import { apiBase, blrecKey, httpFailure, timeout } from './kind-commands';

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
      const headers = blrecKey(recorder);
      const response = await fetch(`${base}/api/v1/app/info`, { headers, signal: timeout() });
      if (!response.ok) return refused(response);
      const info = BlrecInfo().safeParse(await response.json().catch(() => undefined));
      return info.success ? { ok: true, version: info.data.version } : notIt;
    }
    if (recorder.kind === 'bililive-go') {
      const response = await fetch(`${base}/api/info`, { signal: timeout() });
      if (!response.ok) return refused(response);
      const info = BililiveGoInfo().safeParse(await response.json().catch(() => undefined));
      return info.success ? { ok: true, version: info.data.app_version } : notIt;
    }
    return { ok: false, failure: { reason: 'cannot', command: 'check' } };
  } catch (error) {
    return { ok: false, failure: { reason: 'unreachable', detail: String(error) } };
  }
}

/** An answer that is not the program's: another program at that address. */
const notIt: KindInfo = { ok: false, failure: { reason: 'notIt' } };

async function refused(response: Response): Promise<KindInfo> {
  return { ok: false, failure: await httpFailure(response) };
}
