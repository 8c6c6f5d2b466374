import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import { byCode, postJson, type HttpPushOptions, type SendOutcome } from './http-push';

type PushPlus = Extract<PushTarget, { service: 'pushplus' }>;

/** PushPlus's API; overridable for tests only. */
const PUSHPLUS_BASE_URL = 'https://www.pushplus.plus';

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
    byCode(['code'], 200, ['msg'], (code, words) =>
      code === 903 || /token/i.test(words)
        ? 'badToken'
        : code === 999 || code === 500
          ? 'serverError'
          : undefined,
    ),
  );
}
