import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import {
  authorization,
  byStatus,
  postJson,
  type HttpPushOptions,
  type SendOutcome,
} from './http-push';

type JsonTarget = Extract<PushTarget, { service: 'json' }>;

/**
 * A plain JSON POST, as Apprise's json:// sends it (wiki Notify_Custom_JSON):
 * `{"version":"1.0","title":…,"message":…,"type":"info"}`, plus the click URL as `url` and, when
 * known, the avatar and cover as https URLs in `icon` and `image`; any 2xx is taken.
 */
export function sendJson(
  target: JsonTarget,
  message: PushMessage,
  options: HttpPushOptions,
): Promise<SendOutcome> {
  return postJson(
    target.url,
    {
      version: '1.0',
      title: message.title,
      message: message.body,
      type: 'info',
      ...(message.click ? { url: message.click } : {}),
      ...(message.icon ? { icon: message.icon } : {}),
      ...(message.image ? { image: message.image } : {}),
    },
    authorization(target.auth),
    options,
    byStatus,
  );
}
