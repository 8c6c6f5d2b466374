import * as z from 'zod';

// The parts of Telegram's Update the phone reads (core.telegram.org/bots/api#update): a text
// message, or an inline keyboard's callback query. Anything else is skipped (its id still counts).
// `type`: private, group, supergroup or channel.
const Chat = z.object({ id: z.number(), type: z.string().optional() });
const User = z.object({ id: z.number() });

const Message = z.object({
  message_id: z.number(),
  /** Unix seconds. */
  date: z.number(),
  chat: Chat,
  from: User.optional(),
  text: z.string().optional(),
});

const CallbackQuery = z.object({
  id: z.string(),
  from: User,
  // The message the button is on; its `date` is when that message was sent, not the press.
  message: z.object({ chat: Chat, date: z.number().optional() }).optional(),
  data: z.string().optional(),
});

/** One update as read. */
export const TelegramUpdate = z.object({
  update_id: z.number(),
  message: Message.optional(),
  callback_query: CallbackQuery.optional(),
});
/** One update. */
export type TelegramUpdate = z.infer<typeof TelegramUpdate>;

/** Reads getUpdates' result: the updates it could read, and the next offset (the highest id + 1). */
export function readUpdates(
  result: unknown,
  offset: number | undefined,
): { updates: TelegramUpdate[]; offset: number | undefined } {
  const list = Array.isArray(result) ? (result as unknown[]) : [];
  let next = offset;
  const updates: TelegramUpdate[] = [];
  for (const item of list) {
    const id = z.object({ update_id: z.number() }).safeParse(item);
    if (!id.success) continue;
    next = Math.max(next ?? 0, id.data.update_id + 1);
    const update = TelegramUpdate.safeParse(item);
    if (update.success) updates.push(update.data);
  }
  return { updates, offset: next };
}

/** getMe's username (for `/cmd@username` in groups). */
export function botUsername(result: unknown): string | undefined {
  const parsed = z.object({ username: z.string() }).safeParse(result);
  return parsed.success ? parsed.data.username : undefined;
}
