import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import { byCode, postJson, type HttpPushOptions, type SendOutcome } from './http-push';

type ServerChan = Extract<PushTarget, { service: 'schan' }>;

/** ServerChan Turbo's API; overridable for tests only. */
const SERVERCHAN_BASE_URL = 'https://sctapi.ftqq.com';

/**
 * ServerChan Turbo: `POST /<SendKey>.send` with `title` and `desp` (markdown), answering
 * `{"code":0,"message":"",…}`; any other code is a refusal in its own words (sct.ftqq.com, and
 * the official serverchan-sdk). SendKeys of ServerChan³ (`sctp<n>t…`) go to `<n>.push.ft07.com`.
 */
export function sendServerChan(
  target: ServerChan,
  message: PushMessage,
  options: HttpPushOptions,
  baseUrl?: string,
): Promise<SendOutcome> {
  const key = target.sendKey;
  const sc3 = /^sctp(\d+)t/.exec(key);
  const url = baseUrl
    ? `${baseUrl}/${key}.send`
    : sc3
      ? `https://${sc3[1]}.push.ft07.com/send/${key}.send`
      : `${SERVERCHAN_BASE_URL}/${key}.send`;
  // desp is Markdown: the room's cover shows as an image in the message.
  const desp = [
    message.body,
    message.image ? `![](${message.image})` : '',
    message.click ? `[${message.click}](${message.click})` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const judge = byCode(['code'], 0, ['message', 'info'], (_code, words) =>
    /key|token/i.test(words) ? 'badToken' : undefined,
  );
  return postJson(url, { title: message.title, desp }, {}, options, judge);
}
