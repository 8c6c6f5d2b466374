import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import {
  byStatus,
  field,
  postJson,
  sendToEach,
  type HttpPushOptions,
  type SendOutcome,
} from './http-push';

type Bark = Extract<PushTarget, { service: 'bark' }>;

/**
 * Bark: a POST of JSON `{device_key, title, body, url, …}` to `/push` (bark-server's API,
 * https://github.com/Finb/bark-server/blob/master/docs/API_V2.md); it answers
 * `{"code":200,"message":"success"}`, or a 400 with the reason ("failed to get device token" for
 * an unknown key).
 */
export async function sendBark(
  target: Bark,
  message: PushMessage,
  options: HttpPushOptions,
): Promise<SendOutcome> {
  return sendToEach(target.deviceKeys, (key) =>
    postJson(
      `${target.origin}/push`,
      {
        device_key: key,
        title: message.title,
        body: message.body || message.title,
        ...(message.click ? { url: message.click } : {}),
        // The push's icon (bark-server's API docs, above: "An url to the icon, available only on iOS 15 or later").
        ...(message.icon ? { icon: message.icon } : {}),
        group: 'Recorder Tray',
        ...target.params,
      },
      {},
      options,
      (answer) => {
        const text = field(answer.json, 'message');
        const words = typeof text === 'string' ? text : answer.text;
        if (answer.status === 200 && field(answer.json, 'code') === 200) return { ok: true };
        const verdict = byStatus(answer);
        const unknownKey = /device/i.test(words) && answer.status === 400;
        return {
          ok: false,
          reason: unknownKey ? 'badToken' : verdict.ok ? 'rejected' : verdict.reason,
          detail: `HTTP ${answer.status}: ${words}`,
        };
      },
    ),
  );
}
