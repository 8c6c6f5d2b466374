import { POPUP_BUTTON_LABELS } from '../../../../shared/i18n/room-commands';
import { buttonData } from '../../phone/core/button-data';
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

type Telegram = Extract<PushTarget, { service: 'tgram' }>;

/** Telegram's Bot API; overridable for tests only. */
const TELEGRAM_BASE_URL = 'https://api.telegram.org';
/** sendPhoto's caption holds at most this many characters (core.telegram.org/bots/api#sendphoto). */
const CAPTION_MAX = 1024;

/** The words of a push as one text message: title, body and the link, one per line. */
export function plainText(message: PushMessage): string {
  return [message.title, message.body, message.click].filter(Boolean).join('\n');
}

/**
 * Telegram: with the room's cover, `POST /bot<token>/sendPhoto` with `{chat_id, photo: <https
 * URL>, caption}` (Telegram fetches the photo itself); otherwise, or when Telegram cannot fetch it,
 * `sendMessage` with `{chat_id, text}` (core.telegram.org/bots/api#sendmessage). It answers
 * `{"ok":true,…}`, or `{"ok":false,"error_code":401,"description":"Unauthorized"}`; "chat not
 * found" is a 400.
 */
export async function sendTelegram(
  target: Telegram,
  message: PushMessage,
  options: HttpPushOptions,
  baseUrl = TELEGRAM_BASE_URL,
): Promise<SendOutcome> {
  const bot = `${target.api ?? baseUrl}/bot${target.botToken}`;
  const text = plainText(message);
  const keyboard = target.commands ? inlineKeyboard(message) : undefined;
  const markup = keyboard ? { reply_markup: keyboard } : {};
  const sendText = (chatId: string) =>
    postJson(
      `${bot}/sendMessage`,
      { chat_id: chatId, text, disable_web_page_preview: true, ...markup },
      {},
      options,
      telegramVerdict,
    );
  return sendToEach(target.chatIds, async (chatId) => {
    if (!message.image) return sendText(chatId);
    const photo = await postJson(
      `${bot}/sendPhoto`,
      { chat_id: chatId, photo: message.image, caption: text.slice(0, CAPTION_MAX), ...markup },
      {},
      options,
      telegramVerdict,
    );
    // A photo Telegram could not fetch still leaves the words to send.
    const photoRefused = !photo.ok && /photo|url|file|image/i.test(photo.detail);
    return photoRefused && photo.reason === 'rejected' ? sendText(chatId) : photo;
  });
}

/**
 * A go-live push's buttons as an inline keyboard (core.telegram.org/bots/api#inlinekeyboardmarkup):
 * Record and Mute 1 h call back to the bot, which runs them as the popup's buttons; Open room is a
 * link. Only on a target that takes commands: its bot answers the callbacks.
 */
function inlineKeyboard(message: PushMessage): object | undefined {
  if (!message.buttons) return undefined;
  const labels = POPUP_BUTTON_LABELS[message.language ?? 'en'];
  const row: object[] = [];
  for (const button of message.buttons.offered) {
    if (button === 'openRoom') {
      if (message.click) row.push({ text: labels.openRoom, url: message.click });
      continue;
    }
    const data = buttonData(message.buttons.notificationId, button);
    if (data) row.push({ text: labels[button], callback_data: data });
  }
  return row.length > 0 ? { inline_keyboard: [row] } : undefined;
}

function telegramVerdict(answer: HttpAnswer): SendOutcome {
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
}
