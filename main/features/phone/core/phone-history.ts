import type { NotificationDecision } from '../../../../shared/history';
import { PHONE_TEXT } from '../../../../shared/i18n/phone-text';
import type { AppNotification } from '../../../../shared/model';
import type { Language } from '../../../../shared/settings';

/** A command taken from a phone, as the history's row is made from it. */
export interface TakenForHistory {
  /** The service's name ("Telegram", "QQ", "ntfy"). */
  service: string;
  said: { asked: string; answer: string; roomId?: number };
  at: number;
}

/** A history row never popped up: `targetWants` and `popupEffects` skip what is not shown. */
export const PHONE_COMMAND_DECISION: NotificationDecision = {
  shown: false,
  reason: 'phoneCommand',
};

// The body of a history row is at most this long (a `/live` answer lists every live room).
const BODY_MAX = 1000;

/**
 * The Notifications view's row of a command taken from a phone (issue 43: "every command taken
 * goes to the history"), in the user's language: who it came through, what was asked and the
 * answer sent back. `n` tells two commands of the same millisecond apart.
 */
export function phoneCommandNotification(
  taken: TakenForHistory,
  language: Language,
  n: number,
): AppNotification {
  const { asked, answer, roomId } = taken.said;
  return {
    id: `phone-${taken.at.toString(36)}-${n.toString(36)}`,
    event: 'PhoneCommand',
    roomIds: roomId === undefined ? [] : [roomId],
    title: PHONE_TEXT[language].fromPhone(taken.service),
    body: `${asked} → ${answer}`.slice(0, BODY_MAX),
    createdAt: taken.at,
  };
}
