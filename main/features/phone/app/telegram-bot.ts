import { PHONE_COMMAND_HELP } from '../../../../shared/i18n/phone-text';
import type { Language } from '../../../../shared/settings';
import type { Clock, Logger } from '../../../core/ports';
import { readButtonData } from '../core/button-data';
import { PHONE_COMMANDS } from '../core/phone-command';
import { telegramAllowed, type TelegramAllowance } from '../core/telegram-allowed';
import { TelegramApi, TELEGRAM_API } from '../adapters/telegram-api';
import { TelegramPoller, type BotConnection } from '../adapters/telegram-poller';
import { botUsername, type TelegramUpdate } from '../adapters/telegram-updates';
import type { PhoneInbox } from './phone-inbox';

/**
 * One bot as the settings give it: its token, the chats it may take commands from (in a group,
 * from the members listed only), its API.
 */
export interface TelegramBotTarget extends TelegramAllowance {
  botToken: string;
  api?: string;
  /** The token's public half: names the bot in the window. */
  botId: string;
  /** The target masked, for log lines. */
  name: string;
}

/** What a bot works on. */
export interface TelegramBotDeps {
  inbox: PhoneInbox;
  log: Logger;
  language: () => Language;
  clock: Clock;
  onConnection?: (state: BotConnection) => void;
  /** Seconds a long poll waits (tests shorten it so that a stop is quick either way). */
  pollSeconds?: number;
  /** Timers for the poller's waits (tests: the app's movable clock). */
  setTimer?: (fn: () => void, ms: number) => () => void;
}

/** answerCallbackQuery's text holds at most 200 characters. */
const CALLBACK_TEXT_MAX = 200;

/**
 * A Telegram bot that takes commands: its commands registered with setMyCommands at start, then
 * getUpdates long polling. Text from the target's own chats goes to the inbox and its answer back
 * with sendMessage; a pressed button (Record, Mute 1 h on a go-live push) runs as the popup's
 * button would (`notification:act`) and is answered with answerCallbackQuery.
 */
export class TelegramBot {
  readonly #target: TelegramBotTarget;
  readonly #deps: TelegramBotDeps;
  readonly #api: TelegramApi;
  readonly #poller: TelegramPoller;
  #username: string | undefined;

  constructor(target: TelegramBotTarget, deps: TelegramBotDeps) {
    this.#target = target;
    this.#deps = deps;
    this.#api = new TelegramApi(target.api ?? TELEGRAM_API, target.botToken);
    this.#poller = new TelegramPoller({
      api: this.#api,
      log: deps.log,
      name: target.name,
      onUpdates: (updates, backlog) => this.#handle(updates, backlog),
      ...(deps.onConnection ? { onConnection: deps.onConnection } : {}),
      ...(deps.pollSeconds !== undefined ? { pollSeconds: deps.pollSeconds } : {}),
      ...(deps.setTimer ? { setTimer: deps.setTimer } : {}),
    });
  }

  /** Registers the commands and starts polling; a failed registration is logged, not fatal. */
  start(): void {
    void this.#register().finally(() => this.#poller.start());
  }

  /** Stops polling. */
  stop(): Promise<void> {
    return this.#poller.stop();
  }

  /** Sends the commands list to every chat of the target (Settings → Push's button). */
  async sendHelp(text: string): Promise<boolean> {
    let ok = true;
    for (const chatId of this.#target.chatIds)
      ok = (await this.#api.call('sendMessage', { chat_id: chatId, text })).ok && ok;
    return ok;
  }

  async #register(): Promise<void> {
    // getMe answers at once, where the first long poll may wait: the window learns sooner.
    const me = await this.#api.call('getMe', {});
    if (me.ok) this.#username = botUsername(me.result);
    if (me.ok) this.#deps.onConnection?.('connected');
    const help = PHONE_COMMAND_HELP[this.#deps.language()];
    const commands = PHONE_COMMANDS.map((command) => ({ command, description: help[command] }));
    const set = await this.#api.call('setMyCommands', { commands });
    if (!set.ok)
      this.#deps.log.warn(
        `phone: ${this.#target.name}: setMyCommands failed (${set.code}: ${set.description})`,
      );
  }

  async #handle(updates: TelegramUpdate[], backlog: boolean): Promise<void> {
    for (const update of updates) {
      try {
        if (update.message?.text !== undefined) await this.#message(update.message);
        else if (update.callback_query) await this.#callback(update.callback_query, backlog);
      } catch (error) {
        this.#deps.log.error(
          `phone: ${this.#target.name}: update ${update.update_id}: ${String(error)}`,
        );
      }
    }
  }

  async #message(message: NonNullable<TelegramUpdate['message']>): Promise<void> {
    const chat = String(message.chat.id);
    const answer = await this.#deps.inbox.take({
      service: 'tgram',
      via: this.#target.botId,
      chat,
      sender: String(message.from?.id ?? message.chat.id),
      allowed: telegramAllowed(this.#target, message.chat, message.from?.id),
      sentAt: message.date * 1000,
      text: message.text ?? '',
      ...(this.#username ? { botName: this.#username } : {}),
    });
    if (answer === undefined) return;
    const sent = await this.#api.call('sendMessage', { chat_id: message.chat.id, text: answer });
    if (!sent.ok)
      this.#deps.log.warn(
        `phone: ${this.#target.name}: answer not sent (${sent.code}: ${sent.description})`,
      );
  }

  async #callback(
    query: NonNullable<TelegramUpdate['callback_query']>,
    backlog: boolean,
  ): Promise<void> {
    const chat = String(query.message?.chat.id ?? query.from.id);
    const pressed = readButtonData(query.data ?? '');
    const base = {
      service: 'tgram' as const,
      via: this.#target.botId,
      chat,
      sender: String(query.from.id),
      allowed: telegramAllowed(
        this.#target,
        query.message?.chat ?? { id: query.from.id },
        query.from.id,
      ),
      // A callback carries no date of its own: one that came through a poll of a bot that was
      // listening was pressed just now; one that waited while nobody polled (Telegram keeps
      // updates up to 24 h) is "too old", whatever the push's age (docs/push-and-phone.md).
      sentAt: this.#deps.clock(),
      late: backlog,
    };
    const answer = pressed ? await this.#deps.inbox.press(base, pressed) : undefined;
    // Every callback is answered, or the phone shows a spinner on the button; a stranger's with nothing.
    await this.#api.call('answerCallbackQuery', {
      callback_query_id: query.id,
      ...(answer !== undefined ? { text: answer.slice(0, CALLBACK_TEXT_MAX) } : {}),
    });
  }
}
