import type { PushMessage } from '../core/push-message';
import { pushMarkdown } from '../core/push-markdown';
import type { PushTarget } from '../core/push-url';
import { dingtalkSignature } from './bot-signature';
import type { PushFailure } from '../../../../shared/push';
import { byCode, postJson, type HttpPushOptions, type SendOutcome } from './http-push';

type DingTalk = Extract<PushTarget, { service: 'dingtalk' }>;

/** DingTalk's API; overridable for tests only. */
const DINGTALK_BASE_URL = 'https://oapi.dingtalk.com';

/** What a refusal's errcode and words stand for (DingTalk answers 200 with errcode). */
function dingTalkReason(code: unknown, words: string): PushFailure | undefined {
  if (code === undefined) return undefined;
  return code === 310000 && /sign|timestamp/i.test(words)
    ? 'badSecret'
    : code === 310000 && /keyword/i.test(words)
      ? 'keywordMissing'
      : code === 300001 || /token is not exist|robot 不存在/i.test(words)
        ? 'botRemoved'
        : code === 130101 || /too fast/i.test(words)
          ? 'rateLimited'
          : code === -1
            ? 'serverError'
            : 'rejected';
}

/**
 * A DingTalk group bot (自定义机器人): `POST /robot/send?access_token=…` with a markdown message
 * (`{"msgtype":"markdown","markdown":{title,text},"at":{atMobiles,isAtAll}}`), signed with
 * `&timestamp=&sign=` when a secret is set. It answers `{"errcode":0,"errmsg":"ok"}`; 310000 is a
 * failed security check (sign not match, keywords not in content, ip not in whitelist), 300001 an
 * unknown token (the bot was removed), 130101 "send too fast" (20 a minute).
 */
export function sendDingTalk(
  target: DingTalk,
  message: PushMessage,
  options: HttpPushOptions,
  baseUrl = DINGTALK_BASE_URL,
  now: () => number = Date.now,
): Promise<SendOutcome> {
  let url = `${baseUrl}/robot/send?access_token=${encodeURIComponent(target.token)}`;
  if (target.secret) {
    const timestamp = now();
    const sign = dingtalkSignature(target.secret, timestamp);
    url += `&timestamp=${timestamp}&sign=${encodeURIComponent(sign)}`;
  }
  const mentions = target.mobiles.map((m) => `@${m}`).join(' ');
  const text = pushMarkdown(message) + (mentions ? `\n\n${mentions}` : '');
  return postJson(
    url,
    {
      msgtype: 'markdown',
      markdown: { title: message.title, text },
      at: { atMobiles: target.mobiles, isAtAll: false },
    },
    {},
    options,
    byCode(['errcode'], 0, ['errmsg'], dingTalkReason),
  );
}
