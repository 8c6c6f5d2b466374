import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import { byStatusSaying, postJson, type HttpPushOptions, type SendOutcome } from './http-push';

type Gotify = Extract<PushTarget, { service: 'gotify' }>;

/**
 * Gotify: a POST of `{title, message, priority, extras}` to `/message` with the app token in the
 * X-Gotify-Key header (gotify.net/api-docs); a click opens `extras["client::notification"].click.url`
 * (gotify.net/docs/msgextras). Errors answer `{"error":"Unauthorized","errorCode":401,…}`.
 */
export function sendGotify(
  target: Gotify,
  message: PushMessage,
  options: HttpPushOptions,
): Promise<SendOutcome> {
  return postJson(
    `${target.origin}${target.path}/message`,
    {
      title: message.title,
      message: message.body || message.title,
      priority: target.priority ?? 5,
      ...(message.click
        ? { extras: { 'client::notification': { click: { url: message.click } } } }
        : {}),
    },
    { 'x-gotify-key': target.token },
    options,
    byStatusSaying('errorDescription'),
  );
}
