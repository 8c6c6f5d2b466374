/** The chats a Telegram bot takes commands from, and who may give them in its groups. */
export interface TelegramAllowance {
  chatIds: readonly string[];
  /** Per group chat id: the user ids (`?members=`) whose commands are taken there. */
  members: Readonly<Record<string, readonly string[]>>;
}

/**
 * Whether a message or a button press is taken (issue 43): its chat must be one of the target's,
 * and in a group (anything but a private chat) its sender one of the members the user listed, as
 * for QQ groups. Telegram gives a private chat the user's own id and a group a negative one
 * (core.telegram.org/bots/api#chat); `type` is read when the update carries it.
 */
export function telegramAllowed(
  allowance: TelegramAllowance,
  chat: { id: number; type?: string | undefined },
  fromId: number | undefined,
): boolean {
  const chatId = String(chat.id);
  if (!allowance.chatIds.includes(chatId)) return false;
  const isPrivate = chat.type === undefined ? chat.id > 0 : chat.type === 'private';
  if (isPrivate) return fromId === undefined || fromId === chat.id;
  return fromId !== undefined && (allowance.members[chatId] ?? []).includes(String(fromId));
}
