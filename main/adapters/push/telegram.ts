import type { PushMessage } from '../../core/push/push-message';
import type { PushTarget } from '../../core/push/push-url';
import { field, postJson, sendToEach, type HttpPushOptions, type SendOutcome } from './http-push';

type Telegram = Extract<PushTarget, { service: 'tgram' }>;

/** Telegram's Bot API; overridable for tests only. */
export const TELEGRAM_BASE_URL = 'https://api.telegram.org';

/** The words of a push as one text message: title, body and the link, one per line. */
export function plainText(message: PushMessage): string {
  return [message.title, message.body, message.click].filter(Boolean).join('\n');
}

/**
 * Telegram: `POST /bot<token>/sendMessage` with `{chat_id, text}` (core.telegram.org/bots/api
 * #sendmessage). It answers `{"ok":true,…}`, or `{"ok":false,"error_code":401,
 * "description":"Unauthorized"}`; "chat not found" is a 400.
 */
export async function sendTelegram(
  target: Telegram,
  message: PushMessage,
  options: HttpPushOptions,
  baseUrl = TELEGRAM_BASE_URL,
): Promise<SendOutcome> {
  return sendToEach(target.chatIds, (chatId) =>
    postJson(
      `${baseUrl}/bot${target.botToken}/sendMessage`,
      { chat_id: chatId, text: plainText(message), disable_web_page_preview: true },
      {},
      options,
      (answer) => {
        if (field(answer.json, 'ok') === true) return { ok: true };
        const code = Number(field(answer.json, 'error_code') ?? answer.status);
        const description = String(field(answer.json, 'description') ?? answer.text);
        const reason =
          code === 401 || code === 404
            ? 'badToken'
            : /chat not found/i.test(description)
              ? 'notFound'
              : code === 429
                ? 'rateLimited'
                : code >= 500
                  ? 'serverError'
                  : 'rejected';
        return { ok: false, reason, detail: `${code}: ${description}` };
      },
    ),
  );
}
