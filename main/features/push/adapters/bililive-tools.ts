import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import { byStatus, postJson, request, type HttpPushOptions, type SendOutcome } from './http-push';

type BililiveTools = Extract<PushTarget, { service: 'bililive-tools' }>;

/**
 * biliLive-tools: hands a finished file to `POST /webhook/custom` as
 * `{event: "FileClosed", filePath, roomId, time, title, username, platform}` (its
 * packages/http/src/routes/webhook.ts). It answers "ok" (200), or 500 with its words for a body
 * it refuses ("filePath is required"). A message without a file (the settings' Test) only checks
 * that its webhook server answers `GET /webhook`: a made-up file would be queued for upload.
 */
export async function sendBililiveTools(
  target: BililiveTools,
  message: PushMessage,
  options: HttpPushOptions,
): Promise<SendOutcome> {
  if (message.handOff)
    return postJson(`${target.origin}/webhook/custom`, message.handOff, {}, options, byStatus);
  return request(`${target.origin}/webhook`, {}, options, byStatus);
}
