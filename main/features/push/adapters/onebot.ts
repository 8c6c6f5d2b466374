import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import {
  field,
  postJson,
  sendToEach,
  type HttpAnswer,
  type HttpPushOptions,
  type SendOutcome,
} from './http-push';
import { plainText } from './telegram';

type OneBot = Extract<PushTarget, { service: 'onebot' }>;

/**
 * A OneBot v11 message segment
 * (https://github.com/botuniverse/onebot-11/blob/master/message/segment.md).
 */
type Segment = { type: 'text'; data: { text: string } } | { type: 'image'; data: { file: string } };

/** The push as segments: its text, then the cover (or else the avatar) as an image by URL. */
function oneBotMessage(message: PushMessage): Segment[] {
  const segments: Segment[] = [{ type: 'text', data: { text: plainText(message) } }];
  const picture = message.pictures?.cover?.url ?? message.pictures?.face?.url;
  if (picture && /^https?:\/\//.test(picture))
    segments.push({ type: 'image', data: { file: picture } });
  return segments;
}

function judgeOneBot(answer: HttpAnswer): SendOutcome {
  const status = field(answer.json, 'status');
  if (answer.status === 200 && (status === 'ok' || status === 'async')) return { ok: true };
  if (answer.status === 401 || answer.status === 403) {
    const why = answer.status === 401 ? 'no access token given' : 'wrong access token';
    return { ok: false, reason: 'badToken', detail: `HTTP ${answer.status}: ${why}` };
  }
  if (answer.status !== 200)
    return {
      ok: false,
      reason:
        answer.status === 404 ? 'notFound' : answer.status >= 500 ? 'serverError' : 'rejected',
      detail: `HTTP ${answer.status}${answer.text ? `: ${answer.text}` : ''}`,
    };
  // Implementations add `msg` and `wording` (go-cqhttp: Failed(100, "GROUP_NOT_FOUND", "群聊不存在")).
  const msg = String(field(answer.json, 'msg') ?? '');
  const wording = String(field(answer.json, 'wording') ?? '');
  const retcode = String(field(answer.json, 'retcode') ?? '?');
  const reason = /GROUP_NOT_FOUND/i.test(msg) ? 'botRemoved' : 'rejected';
  return { ok: false, reason, detail: [retcode, msg, wording].filter(Boolean).join(': ') };
}

/**
 * QQ through a OneBot v11 implementation's HTTP API (https://github.com/botuniverse/onebot-11/blob/master/communication/http.md):
 * `POST /send_group_msg` `{group_id, message}` and `/send_private_msg` `{user_id, message}`, with
 * `Authorization: Bearer <access_token>` when one is set. It answers 401 without a token, 403
 * with a wrong one, and otherwise 200 with `{"status":"ok"|"async"|"failed","retcode":…}`.
 */
export function sendOneBot(
  target: OneBot,
  message: PushMessage,
  options: HttpPushOptions,
): Promise<SendOutcome> {
  const headers: Record<string, string> = target.token
    ? { authorization: `Bearer ${target.token}` }
    : {};
  const recipients = [
    ...target.groups.map((id) => ({ action: 'send_group_msg', body: { group_id: id } })),
    ...target.users.map((id) => ({ action: 'send_private_msg', body: { user_id: id } })),
  ];
  const segments = oneBotMessage(message);
  return sendToEach(recipients, ({ action, body }) =>
    postJson(
      `${target.origin}/${action}`,
      { ...body, message: segments },
      headers,
      options,
      judgeOneBot,
    ),
  );
}
