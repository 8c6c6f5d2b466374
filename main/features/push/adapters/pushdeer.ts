import type { PushMessage } from '../core/push-message';
import { escapeMarkdown, markdownUrl } from '../core/push-markdown';
import type { PushTarget } from '../core/push-url';
import { byCode, postJson, type HttpPushOptions, type SendOutcome } from './http-push';

type PushDeer = Extract<PushTarget, { service: 'pushdeer' }>;

/**
 * PushDeer: `POST /message/push` with `{pushkey, text, desp, type}` (easychen/pushdeer,
 * api/app/Http/Controllers/PushDeerMessageController.php: text is the title, desp the Markdown
 * body). It answers `{"code":0,"content":{"result":[…]}}`, or `{"code":80501,"error":…}` for bad
 * arguments, a disabled account or no device; the official server answers an unknown key with
 * HTTP 500 (its controller reads the key's owner without checking the key exists).
 */
export function sendPushDeer(
  target: PushDeer,
  message: PushMessage,
  options: HttpPushOptions,
): Promise<SendOutcome> {
  const lines = message.body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(escapeMarkdown);
  const click = message.click ? markdownUrl(message.click) : null;
  if (click) lines.push(`[${click}](${click})`);
  return postJson(
    `${target.origin}/message/push`,
    { pushkey: target.pushKey, text: message.title, desp: lines.join('\n\n'), type: 'markdown' },
    {},
    options,
    byCode(['code'], 0, ['error'], (code, words) =>
      code === undefined
        ? undefined
        : /设备|device/i.test(words)
          ? 'notFound'
          : code === 80403 || /停用|key/i.test(words)
            ? 'badToken'
            : 'rejected',
    ),
  );
}
