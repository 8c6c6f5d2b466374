import type { PhoneButton } from '../../push/core/push-message';

/** Telegram's `callback_data` holds 1–64 bytes (core.telegram.org/bots/api#inlinekeyboardbutton). */
const CALLBACK_DATA_MAX = 64;

const BUTTONS: readonly PhoneButton[] = ['record', 'mute', 'openRoom'];

/** A button's data: `act:<notification id>:<button>`, or undefined when it would not fit. */
export function buttonData(notificationId: string, button: PhoneButton): string | undefined {
  const data = `act:${notificationId}:${button}`;
  return new TextEncoder().encode(data).length <= CALLBACK_DATA_MAX ? data : undefined;
}

/** A pressed button: the notification it was pushed with, and which of its buttons. */
export type ButtonData = { notificationId: string; button: PhoneButton };

/** Reads a pressed button's data back; undefined for anything this app did not send. */
export function readButtonData(data: string): ButtonData | undefined {
  const match = /^act:([A-Za-z0-9_-]{1,50}):([A-Za-z]+)$/.exec(data);
  const button = BUTTONS.find((b) => b === match?.[2]);
  return match && button ? { notificationId: match[1]!, button } : undefined;
}
