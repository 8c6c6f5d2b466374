import { PUSH_LINK_LABELS } from '../../../../shared/i18n/push-text';
import type { PushMessage } from './push-message';

/**
 * Escapes what Markdown would read as a link, an image, emphasis or a heading: titles come from
 * webhooks and are untrusted (a title must not become a link or pull in an image).
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]()#!<>|~])/g, '\\$1');
}

/** A URL fit for a Markdown link target: only http(s), no spaces or parentheses. */
export function markdownUrl(url: string): string | null {
  return /^https?:\/\/[^\s()<>]+$/.test(url) ? url : null;
}

/**
 * The push as Markdown for the group bots that render it (DingTalk): a heading, the body's lines,
 * the room's link, and the cover (or else the avatar) as an image. Without pictures it is complete.
 */
export function pushMarkdown(message: PushMessage): string {
  const labels = PUSH_LINK_LABELS[message.language ?? 'zh-CN'];
  const lines = [`#### ${escapeMarkdown(message.title)}`];
  for (const line of message.body.split('\n')) if (line.trim()) lines.push(escapeMarkdown(line));
  const click = message.click ? markdownUrl(message.click) : null;
  if (click) lines.push(`[${labels.room}](${click})`);
  const picture = message.pictures?.cover ?? message.pictures?.face;
  const image = picture ? markdownUrl(picture.url) : null;
  if (image)
    lines.push(`![${picture === message.pictures?.cover ? labels.cover : labels.face}](${image})`);
  return lines.join('\n\n');
}
