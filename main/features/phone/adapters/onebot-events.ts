import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';

// A OneBot v11 message event (botuniverse/onebot-11, https://github.com/botuniverse/onebot-11/blob/master/event/message.md): private or group, with the
// sender's QQ number, the group's, a unix-seconds `time`, and `raw_message` (CQ codes as text).
const MessageEvent = z.object({
  time: z.number(),
  post_type: z.literal('message'),
  message_type: z.enum(['private', 'group']),
  user_id: z.number(),
  group_id: z.number().optional(),
  raw_message: z.string(),
});

/** A message as the phone reads it. */
export interface OneBotMessage {
  kind: 'private' | 'group';
  userId: number;
  groupId?: number;
  /** Epoch ms. */
  sentAt: number;
  /** The words, CQ codes (an @, a face) taken out and their escapes undone. */
  text: string;
}

/** Reads an event; undefined for anything but a message (notices, requests, meta events). */
export function readOneBotMessage(json: unknown): OneBotMessage | undefined {
  const parsed = MessageEvent.safeParse(json);
  if (!parsed.success) return undefined;
  const event = parsed.data;
  if (event.message_type === 'group' && event.group_id === undefined) return undefined;
  return {
    kind: event.message_type,
    userId: event.user_id,
    ...(event.group_id !== undefined ? { groupId: event.group_id } : {}),
    sentAt: event.time * 1000,
    text: plainWords(event.raw_message),
  };
}

// CQ codes and their escapes (botuniverse/onebot-11, https://github.com/botuniverse/onebot-11/blob/master/message/string.md): `[CQ:at,qq=1]`; text
// escapes `&` `[` `]` as `&amp;` `&#91;` `&#93;`.
function plainWords(raw: string): string {
  return raw
    .replace(/\[CQ:[^\]]*\]/g, ' ')
    .replace(/&#91;/g, '[')
    .replace(/&#93;/g, ']')
    .replace(/&#44;/g, ',')
    .replace(/&amp;/g, '&')
    .trim();
}

/**
 * Whether a POST's `X-Signature: sha1=<hex>` is the HMAC-SHA1 of its body under the secret
 * (https://github.com/botuniverse/onebot-11/blob/master/communication/http-post.md, 签名); compared in constant time.
 */
export function signatureOk(body: Buffer, secret: string, header: string | undefined): boolean {
  const given = /^sha1=([0-9a-f]{40})$/i.exec(header ?? '')?.[1];
  if (given === undefined) return false;
  const expected = createHmac('sha1', secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
