import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import { byStatus, field, postJson, type HttpPushOptions, type SendOutcome } from './http-push';

type PushPlus = Extract<PushTarget, { service: 'pushplus' }>;

/** PushPlus's API; overridable for tests only. */
export const PUSHPLUS_BASE_URL = 'https://www.pushplus.plus';

/**
 * PushPlus: `POST /send` with `{token, title, content, template}` (pushplus.plus/doc, 发送消息接口),
 * answering `{"code":200,"msg":"请求成功",…}`; 903 is an invalid token, 999 a server error.
 */
export function sendPushPlus(
  target: PushPlus,
  message: PushMessage,
  options: HttpPushOptions,
  baseUrl = PUSHPLUS_BASE_URL,
): Promise<SendOutcome> {
  // Plain text (template txt): the cover goes as a link.
  const content = [message.body, message.click, message.image].filter(Boolean).join('\n');
  return postJson(
    `${baseUrl}/send`,
    {
      token: target.token,
      title: message.title,
      content: content || message.title,
      template: 'txt',
    },
    {},
    options,
    (answer) => {
      const code = field(answer.json, 'code');
      if (answer.status === 200 && code === 200) return { ok: true };
      const words = String(field(answer.json, 'msg') ?? answer.text);
      const verdict = byStatus(answer);
      const reason =
        code === 903 || /token/i.test(words)
          ? 'badToken'
          : code === 999 || code === 500
            ? 'serverError'
            : verdict.ok
              ? 'rejected'
              : verdict.reason;
      return { ok: false, reason, detail: `${code ?? `HTTP ${answer.status}`}: ${words}` };
    },
  );
}
