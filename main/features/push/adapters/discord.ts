import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import { field, postJson, type HttpPushOptions, type SendOutcome } from './http-push';

type Discord = Extract<PushTarget, { service: 'discord' }>;

/** Discord's API; overridable for tests only. */
const DISCORD_BASE_URL = 'https://discord.com';

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

const httpUrl = (url: string | undefined) => (url && /^https?:\/\//.test(url) ? url : undefined);

/** The push as one embed: title, description, the room's link, the cover as image, the avatar as thumbnail. */
function discordEmbed(message: PushMessage): Record<string, unknown> {
  const cover = httpUrl(message.pictures?.cover?.url);
  const face = httpUrl(message.pictures?.face?.url);
  return {
    title: cut(message.title, 256),
    ...(message.body ? { description: cut(message.body, 4096) } : {}),
    ...(message.click ? { url: message.click } : {}),
    ...(cover ? { image: { url: cover } } : {}),
    ...(face ? { thumbnail: { url: face } } : {}),
  };
}

/**
 * A Discord webhook: `POST /api/webhooks/<id>/<token>?wait=true` with `{embeds:[…]}` and no
 * mentions allowed (a title with @everyone stays text). It answers 200 with the message; a wrong
 * token is 401 `{"message":"Invalid Webhook Token","code":50027}`, a deleted webhook 404
 * `{"message":"Unknown Webhook","code":10015}`, too many messages 429 with `retry_after`.
 */
export function sendDiscord(
  target: Discord,
  message: PushMessage,
  options: HttpPushOptions,
  baseUrl = DISCORD_BASE_URL,
): Promise<SendOutcome> {
  const id = encodeURIComponent(target.webhookId);
  return postJson(
    `${baseUrl}/api/webhooks/${id}/${encodeURIComponent(target.webhookToken)}?wait=true`,
    {
      ...(target.botName ? { username: target.botName } : {}),
      embeds: [discordEmbed(message)],
      allowed_mentions: { parse: [] },
    },
    {},
    options,
    (answer) => {
      if (answer.status >= 200 && answer.status < 300) return { ok: true };
      const code = field(answer.json, 'code');
      const words = String(field(answer.json, 'message') ?? answer.text);
      const reason =
        answer.status === 401 || code === 50027
          ? 'badToken'
          : answer.status === 404 || code === 10015
            ? 'botRemoved'
            : answer.status === 429
              ? 'rateLimited'
              : answer.status >= 500
                ? 'serverError'
                : 'rejected';
      return { ok: false, reason, detail: `HTTP ${answer.status}: ${words}` };
    },
  );
}
