import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import { byStatus, failed, postJson, type HttpPushOptions, type SendOutcome } from './http-push';

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
  try {
    const answer = await fetch(`${target.origin}/webhook`, {
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await answer.text();
    return byStatus({ status: answer.status, text, json: undefined });
  } catch (error) {
    const timedOut = (error as { name?: string }).name === 'TimeoutError';
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return timedOut
      ? failed('timeout', 'no answer in time', options.secrets)
      : failed('unreachable', cause ?? String(error), options.secrets);
  }
}
