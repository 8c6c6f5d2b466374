import * as z from 'zod';
import type { RecorderSetting } from '../../../../shared/settings';
import { bililiveGoRoom } from '../core/bililive-go-events';

/** What a command to another kind's API did, in a sentence for the log and the window. */
export type KindCommandResult = { ok: true } | { ok: false; message: string };

/** bililive-go's rooms as `GET /api/lives` lists them (src/servers/handler.go getAllLives). */
const BililiveGoLives = z.array(
  z.looseObject({
    id: z.string(),
    live_url: z.string(),
    platform_cn_name: z.string().default(''),
  }),
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
  const base = recorder.url.trim().replace(/\/+$/, '');
  try {
    if (recorder.kind === 'blrec') {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (recorder.password) headers['x-api-key'] = recorder.password;
      const action = start ? 'enable' : 'disable';
      const body = start ? undefined : JSON.stringify({ force: false, background: false });
      const url = `${base}/api/v1/tasks/${roomId}/recorder/${action}`;
      return answered(await fetch(url, { method: 'POST', headers, body, signal: timeout() }), url);
    }
    if (recorder.kind === 'bililive-go') {
      const lives = BililiveGoLives.parse(
        await (await fetch(`${base}/api/lives`, { signal: timeout() })).json(),
      );
      // The live whose URL stands for the room (any platform), as the events name it.
      const live = lives.find((candidate) => bililiveGoRoom(candidate).roomId === roomId);
      if (!live) return { ok: false, message: `bililive-go has no room ${roomId}` };
      const url = `${base}/api/lives/${encodeURIComponent(live.id)}/${start ? 'startRecord' : 'stopRecord'}`;
      return answered(await fetch(url, { method: 'POST', signal: timeout() }), url);
    }
    return { ok: false, message: `a ${recorder.kind} recorder takes no commands from this app` };
  } catch (error) {
    return { ok: false, message: `${recorder.id} could not be reached: ${String(error)}` };
  }
}

async function answered(response: Response, url: string): Promise<KindCommandResult> {
  const text = (await response.text()).slice(0, 200);
  return response.ok
    ? { ok: true }
    : { ok: false, message: `${url} answered HTTP ${response.status}: ${text}` };
}

function timeout(): AbortSignal {
  return AbortSignal.timeout(10_000);
}
