import type { Clock } from '../../../core/ports';

/** An update older than this was sent while the app was off: answered "too old", never run. */
export const TOO_OLD_MS = 2 * 60_000;
/** At most one command a second per chat. */
const CHAT_GAP_MS = 1000;
// Chats and senders remembered at most; past this the stale ones are forgotten.
const PRUNE_AT = 1024;

/** What the guard says of a message. */
export type GuardVerdict =
  /** Run it. */
  | { take: true }
  /** Answer nothing; `log` once per sender (the first refusal), so a stranger cannot flood the log. */
  | { take: false; why: 'notAllowed'; log: boolean }
  /** Answer "too old, not done". */
  | { take: false; why: 'tooOld' }
  /** Answer "one command a second". */
  | { take: false; why: 'tooSoon' };

/** A message as the guard sees it: who, where, and when it was sent (epoch ms). */
export interface GuardedMessage {
  /** The service and the chat, e.g. `tgram:123456`; the rate limit is per chat. */
  chat: string;
  /** Whether the sender is one the target allows. */
  allowed: boolean;
  /** The sender, for the log-once rule. */
  sender: string;
  sentAt: number;
  /** Known to have waited while the app was not listening (a press with no date of its own). */
  late?: boolean;
}

/**
 * The safety rules every service's commands pass (issue 43): only allowed senders (others get
 * silence, logged once per sender), nothing older than two minutes (nor known late), one command
 * a second per chat.
 */
export class PhoneGuard {
  readonly #clock: Clock;
  readonly #lastByChat = new Map<string, number>();
  readonly #refused = new Set<string>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Judges one message; a taken one uses its chat's turn. */
  judge(message: GuardedMessage): GuardVerdict {
    if (!message.allowed) {
      const first = !this.#refused.has(message.sender);
      if (first && this.#refused.size < PRUNE_AT) this.#refused.add(message.sender);
      return { take: false, why: 'notAllowed', log: first };
    }
    const now = this.#clock();
    if (message.late || now - message.sentAt > TOO_OLD_MS) return { take: false, why: 'tooOld' };
    const last = this.#lastByChat.get(message.chat);
    if (last !== undefined && now - last < CHAT_GAP_MS && now >= last)
      return { take: false, why: 'tooSoon' };
    if (this.#lastByChat.size >= PRUNE_AT) this.#prune(now);
    this.#lastByChat.set(message.chat, now);
    return { take: true };
  }

  #prune(now: number): void {
    for (const [chat, at] of this.#lastByChat)
      if (now - at >= CHAT_GAP_MS) this.#lastByChat.delete(chat);
  }
}
