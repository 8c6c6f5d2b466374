import { PUSH_LINK_LABELS } from '../../../../shared/i18n/push-text';
import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import { feishuSignature } from './bot-signature';
import type { PushFailure } from '../../../../shared/push';
import { byCode, postJson, type HttpPushOptions, type SendOutcome } from './http-push';

type Feishu = Extract<PushTarget, { service: 'feishu' }>;

type PostElement = { tag: 'text'; text: string } | { tag: 'a'; text: string; href: string };

/**
 * The push as a Feishu rich-text post: the body's lines, the room's link, and links to the cover
 * and avatar. A webhook bot cannot show an outside picture inline (a post's `img` and a card's
 * image take only an `image_key`, uploaded with an app's credentials), so it links to them.
 */
function feishuPost(message: PushMessage): PostElement[][] {
  const labels = PUSH_LINK_LABELS[message.language ?? 'zh-CN'];
  const rows: PostElement[][] = [];
  if (message.body) rows.push([{ tag: 'text', text: message.body }]);
  if (message.click) rows.push([{ tag: 'a', text: labels.room, href: message.click }]);
  const pictures = message.pictures ?? {};
  const links: PostElement[] = [];
  for (const kind of ['cover', 'face'] as const) {
    const url = pictures[kind]?.url;
    if (url && /^https?:\/\//.test(url)) links.push({ tag: 'a', text: labels[kind], href: url });
  }
  if (links.length > 0) rows.push(links);
  return rows;
}

function feishuReason(code: unknown, words: string): PushFailure | undefined {
  if (code === undefined) return undefined;
  return code === 19021
    ? 'badSecret'
    : code === 19024
      ? 'keywordMissing'
      : code === 19001 && /token/i.test(words)
        ? 'botRemoved'
        : code === 11232 || /frequency|rate limit/i.test(words)
          ? 'rateLimited'
          : 'rejected';
}

/**
 * A Feishu / Lark group bot (自定义机器人): `POST /open-apis/bot/v2/hook/<token>` with
 * `{"msg_type":"post","content":{"post":{"zh_cn":{title,content}}}}`, and `timestamp` (seconds)
 * and `sign` in the body when a secret is set. It answers `{"code":0,"msg":"success",…}`; 19021 is
 * a failed signature, 19024 a missing keyword, 19022 an address not allowed, 19001 "incoming
 * webhook access token invalid" (the bot was removed), 11232 too many messages.
 */
export function sendFeishu(
  target: Feishu,
  message: PushMessage,
  options: HttpPushOptions,
  baseUrl = target.origin,
  now: () => number = Date.now,
): Promise<SendOutcome> {
  const locale = message.language === 'en' ? 'en_us' : 'zh_cn';
  const timestamp = Math.floor(now() / 1000);
  return postJson(
    `${baseUrl}/open-apis/bot/v2/hook/${encodeURIComponent(target.token)}`,
    {
      ...(target.secret
        ? { timestamp: String(timestamp), sign: feishuSignature(target.secret, timestamp) }
        : {}),
      msg_type: 'post',
      content: { post: { [locale]: { title: message.title, content: feishuPost(message) } } },
    },
    {},
    options,
    byCode(['code', 'StatusCode'], 0, ['msg'], feishuReason),
  );
}
