import * as z from 'zod';
import type { KindCommandFailure } from '../../../../shared/i18n/kind-text';
import { lazySchema } from '../../../../shared/lazy-schema';
import type { RecorderSetting } from '../../../../shared/settings';
import { bililiveGoRoom } from '../core/bililive-go-events';

/** What a command to another kind's API did (worded by shared/i18n/kind-text.ts). */
export type KindCommandResult = { ok: true } | { ok: false; failure: KindCommandFailure };

/** bililive-go's rooms as `GET /api/lives` lists them (src/servers/handler.go getAllLives). */
const BililiveGoLives = lazySchema(() =>
  z.array(
    z.looseObject({
      id: z.string(),
      live_url: z.string(),
      platform_cn_name: z.string().default(''),
    }),
  ),
);

/**
 * Starts or stops recording a room on another kind of recorder, through its own API:
 * blrec `POST /api/v1/tasks/{room_id}/recorder/enable|disable` (src/blrec/web/routers/tasks.py,
 * its API key as `x-api-key`); bililive-go `POST /api/lives/{id}/startRecord|stopRecord`, its id
 * found in `GET /api/lives` by the room its URL stands for (bilibili's or another platform's).
 */
export async function kindRecordCommand(
  recorder: RecorderSetting,
  roomId: number,
  start: boolean,
): Promise<KindCommandResult> {
  const base = apiBase(recorder);
  try {
    if (recorder.kind === 'blrec') {
      const headers = { 'Content-Type': 'application/json', ...blrecKey(recorder) };
      const action = start ? 'enable' : 'disable';
      const body = start ? undefined : JSON.stringify({ force: false, background: false });
      const url = `${base}/api/v1/tasks/${roomId}/recorder/${action}`;
      return answered(await fetch(url, { method: 'POST', headers, body, signal: timeout() }));
    }
    if (recorder.kind === 'bililive-go') {
      const lives = await kindGet(`${base}/api/lives`, BililiveGoLives());
      if (!lives.ok) return lives;
      // The live whose URL stands for the room (any platform), as the events name it.
      const live = lives.value.find((candidate) => bililiveGoRoom(candidate).roomId === roomId);
      if (!live) return { ok: false, failure: { reason: 'noRoom', roomId } };
      const url = `${base}/api/lives/${encodeURIComponent(live.id)}/${start ? 'startRecord' : 'stopRecord'}`;
      return answered(await fetch(url, { method: 'POST', signal: timeout() }));
    }
    return { ok: false, failure: { reason: 'cannot', command: start ? 'start' : 'stop' } };
  } catch (error) {
    return { ok: false, failure: { reason: 'unreachable', detail: String(error) } };
  }
}

async function answered(response: Response): Promise<KindCommandResult> {
  return response.ok ? { ok: true } : { ok: false, failure: await httpFailure(response) };
}

/**
 * `GET url` of another kind's API, its JSON parsed with `schema`: the value, the refusal (status
 * and the start of what it said), or `notIt` for an answer the schema refuses. Throws when there
 * is no answer (callers word that as unreachable).
 */
export async function kindGet<S extends z.ZodType>(
  url: string,
  schema: S,
  headers: Record<string, string> = {},
): Promise<{ ok: true; value: z.output<S> } | { ok: false; failure: KindCommandFailure }> {
  const response = await fetch(url, { headers, signal: timeout() });
  if (!response.ok) return { ok: false, failure: await httpFailure(response) };
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, failure: { reason: 'notIt' } };
}

/** The recorder's API address without a trailing slash. */
export function apiBase(recorder: Pick<RecorderSetting, 'url'>): string {
  return recorder.url.trim().replace(/\/+$/, '');
}

/** blrec's API key header (`x-api-key`), when one is set (kept in the recorder's password). */
export function blrecKey(recorder: Pick<RecorderSetting, 'password'>): Record<string, string> {
  return recorder.password ? { 'x-api-key': recorder.password } : {};
}

/** A refusal of another kind's API: its status and the start of what it said. */
async function httpFailure(response: Response): Promise<KindCommandFailure> {
  const detail = (await response.text()).slice(0, 200);
  return { reason: 'http', status: response.status, detail };
}

/** How long a call to another kind's API may take. */
function timeout(): AbortSignal {
  return AbortSignal.timeout(10_000);
}
