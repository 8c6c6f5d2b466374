import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import { byCode, postJson, type HttpPushOptions, type SendOutcome } from './http-push';
import { plainText } from './telegram';

type WeComBot = Extract<PushTarget, { service: 'wecombot' }>;

/** WeCom's API; overridable for tests only. */
const WECOM_BASE_URL = 'https://qyapi.weixin.qq.com';

/**
 * A WeCom group bot (企业微信群机器人): `POST /cgi-bin/webhook/send?key=<key>` with
 * `{"msgtype":"text","text":{"content":…}}` (developer.work.weixin.qq.com/document/path/91770),
 * answering `{"errcode":0,"errmsg":"ok"}`; 93000 is a bad key, 45009 too many messages.
 */
export function sendWeComBot(
  target: WeComBot,
  message: PushMessage,
  options: HttpPushOptions,
  baseUrl = WECOM_BASE_URL,
): Promise<SendOutcome> {
  return postJson(
    `${baseUrl}/cgi-bin/webhook/send?key=${encodeURIComponent(target.key)}`,
    // Plain text: the cover goes as a link.
    {
      msgtype: 'text',
      text: { content: [plainText(message), message.image].filter(Boolean).join('\n') },
    },
    {},
    options,
    byCode(['errcode'], 0, ['errmsg'], (code, words) =>
      code === 93000 || code === 40008 || /invalid webhook/i.test(words)
        ? 'badToken'
        : code === 45009
          ? 'rateLimited'
          : code === -1
            ? 'serverError'
            : undefined,
    ),
  );
}
