import { POPUP_BUTTON_LABELS } from '../../../../shared/i18n/room-commands';
import { buttonData } from '../../phone/core/button-data';
import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import {
  authorization,
  byStatusSaying,
  postJson,
  sendToEach,
  type HttpPushOptions,
  type SendOutcome,
} from './http-push';

type Ntfy = Extract<PushTarget, { service: 'ntfy' }>;

/**
 * ntfy: publish as JSON, a POST of `{topic, title, message, click}` to the server's root
 * (docs.ntfy.sh/publish, "Publish as JSON"); JSON rather than the Title header, as headers carry
 * no Chinese. Errors answer `{"code":40301,"http":403,"error":"forbidden"}`.
 */
export async function sendNtfy(
  target: Ntfy,
  message: PushMessage,
  options: HttpPushOptions,
): Promise<SendOutcome> {
  return sendToEach(target.topics, (topic) =>
    postJson(
      `${target.origin}/`,
      {
        topic,
        title: message.title,
        message: message.body || message.title,
        ...(message.click ? { click: message.click } : {}),
        // "Attach file from a URL" and "Icons" (docs.ntfy.sh/publish): the phone fetches both.
        ...(message.image ? { attach: message.image } : {}),
        ...(message.icon ? { icon: message.icon } : {}),
        ...ntfyActions(target, message),
      },
      authorization(target.auth),
      options,
      byStatusSaying('error'),
    ),
  );
}

/**
 * A go-live push's buttons as ntfy actions (docs.ntfy.sh/publish, "Action buttons": up to three;
 * `view` opens a URL, `http` sends a request from the phone): Record and Mute 1 h publish
 * `{secret, act}` to the target's control topic, which the app subscribes to (issue 43).
 */
function ntfyActions(target: Ntfy, message: PushMessage): { actions?: object[] } {
  if (!target.commands || !message.buttons) return {};
  const labels = POPUP_BUTTON_LABELS[message.language ?? 'en'];
  const { control, secret } = target.commands;
  const actions: object[] = [];
  for (const button of message.buttons.offered) {
    if (button === 'openRoom') {
      if (message.click)
        actions.push({ action: 'view', label: labels.openRoom, url: message.click });
      continue;
    }
    const act = buttonData(message.buttons.notificationId, button);
    if (!act) continue;
    actions.push({
      action: 'http',
      label: labels[button],
      url: `${target.origin}/${control}`,
      method: 'POST',
      headers: authorization(target.auth),
      body: JSON.stringify({ secret, act }),
      clear: true,
    });
  }
  return actions.length > 0 ? { actions: actions.slice(0, 3) } : {};
}
