import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import {
  authorization,
  byStatus,
  field,
  postJson,
  sendToEach,
  type HttpPushOptions,
  type SendOutcome,
} from './http-push';

type Ntfy = Extract<PushTarget, { service: 'ntfy' }>;

/**
 * ntfy: publish as JSON, a POST of `{topic, title, message, click}` to the server's root
 * (docs.ntfy.sh/publish, "Publish as JSON"); JSON rather than the Title header, as headers carry
 * no Chinese. Errors answer `{"code":40301,"http":403,"error":"forbidden"}`.
 */
export async function sendNtfy(
  target: Ntfy,
  message: PushMessage,
  options: HttpPushOptions,
): Promise<SendOutcome> {
  return sendToEach(target.topics, (topic) =>
    postJson(
      `${target.origin}/`,
      {
        topic,
        title: message.title,
        message: message.body || message.title,
        ...(message.click ? { click: message.click } : {}),
        // "Attach file from a URL" and "Icons" (docs.ntfy.sh/publish): the phone fetches both.
        ...(message.image ? { attach: message.image } : {}),
        ...(message.icon ? { icon: message.icon } : {}),
      },
      authorization(target.auth),
      options,
      (answer) => {
        const verdict = byStatus(answer);
        const error = field(answer.json, 'error');
        if (verdict.ok || typeof error !== 'string') return verdict;
        return { ok: false, reason: verdict.reason, detail: `HTTP ${answer.status}: ${error}` };
      },
    ),
  );
}
