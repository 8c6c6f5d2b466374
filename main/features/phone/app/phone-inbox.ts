import { PHONE_SERVICE_NAMES, PHONE_TEXT } from '../../../../shared/i18n/phone-text';
import { POPUP_BUTTON_LABELS, roomOutcomeText } from '../../../../shared/i18n/room-commands';
import type { ContractHandlers } from '../../../../shared/ipc-contract';
import type { Logger } from '../../../core/ports';
import type { ButtonData } from '../core/button-data';
import { readCommand, type PhoneCommand } from '../core/phone-command';
import { PhoneGuard } from '../core/phone-guard';
import { runPhoneCommand, type PhoneRunnerDeps } from './phone-runner';

/** The services that take commands. */
type PhoneService = keyof typeof PHONE_SERVICE_NAMES;

/** A message from a phone, as each service's adapter reads it. */
export interface PhoneMessage {
  service: PhoneService;
  /** The chat the answer goes back to (per service). */
  chat: string;
  /** Who sent it (a user id), for the log-once rule and the window's "last command". */
  sender: string;
  /** Whether the target allows this sender in this chat. */
  allowed: boolean;
  /** Epoch ms the service says it was sent. */
  sentAt: number;
  /** Waited on the service's side while the app was not listening: answered "too old". */
  late?: boolean;
  text: string;
  /** Telegram's bot username: a `/cmd@other_bot` is not for us. */
  botName?: string;
  /** Which bot or target it came through (the window's "last command" per target). */
  via?: string;
}

/** A command taken, for the log, the window and headless `phone` lines. */
export interface PhoneCommandTaken {
  service: PhoneService;
  via?: string;
  sender: string;
  /** "from Telegram: record room 21452505 → done" (the log's words). */
  line: string;
  /** What was asked and answered, in the user's language: the history's row. */
  said: { asked: string; answer: string; roomId?: number };
  at: number;
}

/** What the inbox works on. */
export interface PhoneInboxDeps extends PhoneRunnerDeps {
  calls: PhoneRunnerDeps['calls'] & Pick<ContractHandlers, 'notification:act'>;
  log: Logger;
  /** Every command taken (or refused as too old or too soon). */
  onCommand?: (taken: PhoneCommandTaken) => void;
}

/**
 * Where every service's messages meet the safety rules and the command language: a message from
 * anyone not allowed gets no answer (logged once per sender); the rest are read, guarded (too
 * old, too soon) and run. Answers `undefined` when nothing is to be sent back.
 */
export class PhoneInbox {
  readonly #deps: PhoneInboxDeps;
  readonly #guard: PhoneGuard;

  constructor(deps: PhoneInboxDeps) {
    this.#deps = deps;
    this.#guard = new PhoneGuard(deps.clock);
  }

  /** Reads and runs one message; the answer to send back, if any. */
  async take(message: PhoneMessage): Promise<string | undefined> {
    const read = readCommand(message.text, message.botName);
    if (read === undefined && message.allowed) return undefined; // chat, not a command
    return this.#run(message, read?.ok ? read.command : undefined, () => {
      const text = PHONE_TEXT[this.#deps.language()];
      if (read === undefined || read.ok || read.reason === 'unknown') return text.unknown;
      return read.reason === 'needsRoom' ? text.needsRoom : text.badSpan;
    });
  }

  /**
   * Runs the popup's button a phone's button stands for (Telegram's callback, ntfy's action), as
   * `notification:act`, with the same rules; the history names the button as the phone showed it.
   */
  async press(
    message: Omit<PhoneMessage, 'text' | 'botName'>,
    pressed: ButtonData | undefined,
  ): Promise<string | undefined> {
    const language = this.#deps.language();
    const label = pressed ? POPUP_BUTTON_LABELS[language][pressed.button] : '?';
    const verdict = this.#judge(message, label);
    if (verdict !== true) return verdict;
    if (!pressed) return undefined;
    const { notificationId: id, button } = pressed;
    const result = await this.#deps.calls['notification:act']({ id, button });
    const answer = result.message ?? roomOutcomeText('actionFailed', language);
    this.#told(message, `${button} (button) → ${answer}`, { asked: label, answer });
    return answer;
  }

  async #run(
    message: PhoneMessage,
    command: PhoneCommand | undefined,
    refusal: () => string,
  ): Promise<string | undefined> {
    const verdict = this.#judge(message, message.text);
    if (verdict !== true) return verdict;
    if (!command) return refusal();
    const outcome = await runPhoneCommand(this.#deps, command);
    const { answer, roomId } = outcome;
    this.#told(message, outcome.line, {
      asked: message.text,
      answer,
      ...(roomId !== undefined ? { roomId } : {}),
    });
    return outcome.answer;
  }

  // true: go on; otherwise what to answer (undefined: silence).
  #judge(
    message: Omit<PhoneMessage, 'text' | 'botName'>,
    asked: string,
  ): true | string | undefined {
    // Per service: a Telegram chat and a QQ group may share a number.
    const verdict = this.#guard.judge({
      ...message,
      chat: `${message.service}:${message.chat}`,
      sender: `${message.service}:${message.sender}`,
    });
    if (verdict.take) return true;
    const service = PHONE_SERVICE_NAMES[message.service];
    if (verdict.why === 'notAllowed') {
      // The sender's id only: a stranger's words never reach the log.
      if (verdict.log)
        this.#deps.log.warn(
          `phone: ${service} message from ${message.sender} ignored: not an allowed sender`,
        );
      return undefined;
    }
    const text = PHONE_TEXT[this.#deps.language()];
    const answer = verdict.why === 'tooOld' ? text.tooOld : text.tooSoon;
    this.#told(message, verdict.why === 'tooOld' ? 'too old, not done' : 'too soon, not done', {
      asked,
      answer,
    });
    return answer;
  }

  #told(
    message: Pick<PhoneMessage, 'service' | 'sender' | 'via'>,
    what: string,
    said: PhoneCommandTaken['said'],
  ): void {
    const line = `from ${PHONE_SERVICE_NAMES[message.service]}: ${what}`;
    this.#deps.log.info(`phone: ${line} (sender ${message.sender})`);
    this.#deps.onCommand?.({
      service: message.service,
      ...(message.via !== undefined ? { via: message.via } : {}),
      sender: message.sender,
      line,
      said,
      at: this.#deps.clock(),
    });
  }
}
