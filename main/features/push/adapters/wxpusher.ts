import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import { byStatus, field, postJson, type HttpPushOptions, type SendOutcome } from './http-push';
import { plainText } from './telegram';

type WxPusher = Extract<PushTarget, { service: 'wxpusher' }>;

/** WxPusher's API; overridable for tests only. */
const WXPUSHER_BASE_URL = 'https://wxpusher.zjiecode.com';

/** The refusal a WxPusher code and message stand for (codes as collected in Apprise's plugin). */
function judgeWxPusher(code: unknown, words: string): SendOutcome & { ok: false } {
  const reason =
    code === 1001 && /token/i.test(words)
      ? 'badToken'
      : code === 1002 || /appToken/i.test(words)
        ? 'badToken'
        : code === 1004 || /不存在|not exist/i.test(words)
          ? 'notFound'
          : code === 1008 || /频率|频繁|frequency/i.test(words)
            ? 'rateLimited'
            : 'rejected';
  return { ok: false, reason, detail: `${String(code)}: ${words}` };
}

/**
 * WxPusher: `POST /api/send/message` with `{appToken, content, summary, contentType: 1, uids,
 * topicIds, url}` (https://github.com/wxpusher/wxpusher-docs/blob/master/docs/README.md "发送消息"; summary at most 100
 * characters). It answers `{"code":1000,"msg":"处理成功","data":[{uid,code:1000,…}],"success":
 * true}`; any other code is a refusal in `msg` ("appToken不正确"), and each target has its own.
 */
export function sendWxPusher(
  target: WxPusher,
  message: PushMessage,
  options: HttpPushOptions,
  baseUrl = WXPUSHER_BASE_URL,
): Promise<SendOutcome> {
  return postJson(
    `${baseUrl}/api/send/message`,
    {
      appToken: target.appToken,
      content: plainText(message),
      summary: [...message.title].slice(0, 100).join(''),
      contentType: 1,
      uids: target.uids,
      topicIds: target.topicIds,
      ...(message.click ? { url: message.click } : {}),
    },
    {},
    options,
    (answer) => {
      const code = field(answer.json, 'code');
      if (code === undefined) return byStatus(answer);
      const words = String(field(answer.json, 'msg') ?? answer.text);
      if (code !== 1000) return judgeWxPusher(code, words);
      const data = field(answer.json, 'data');
      const refused = Array.isArray(data) ? data.find((d) => field(d, 'code') !== 1000) : undefined;
      if (!refused) return { ok: true };
      const who = String(field(refused, 'uid') ?? field(refused, 'topicId') ?? '');
      return judgeWxPusher(field(refused, 'code'), `${who} ${String(field(refused, 'status'))}`);
    },
  );
}
