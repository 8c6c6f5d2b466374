import type { AppState } from '../../../../shared/app-state';
import type { ContractHandlers } from '../../../../shared/ipc-contract';
import type { PlugInContext } from '../../../core/plug-ins';
import type { HappeningSource } from '../../../core/plug-ins';
import { parsePushUrl } from '../../push/core/push-url';
import type { BotConnection } from '../adapters/telegram-poller';
import { PhoneInbox, type PhoneCommandTaken } from './phone-inbox';
import { TelegramBot, type TelegramBotTarget } from './telegram-bot';

/** What the phone's bots work on: the app's context, its handlers and its state. */
export interface PhoneBotsDeps {
  context: Pick<PlugInContext, 'clock' | 'log' | 'settings' | 'language'> & {
    /** Settings changes: the bots follow the push targets. */
    onSettingsChange: (listener: () => void) => () => void;
  };
  calls: ContractHandlers;
  state: () => AppState;
  /** Every command taken (the log has it too): headless `phone` lines. */
  onCommand?: (taken: PhoneCommandTaken) => void;
  /** Seconds a Telegram long poll waits (tests). */
  pollSeconds?: number;
}

/** One commanding bot's state, for Settings → Push. */
export interface BotStatus {
  connection: BotConnection;
  last?: PhoneCommandTaken;
}

/**
 * The bots of the push targets that take commands (issue 43), as a source the lifecycle starts
 * and stops: one Telegram poller per bot token (two pollers of one bot would get 409s), rebuilt
 * when the targets change. No happening comes from here: commands go through the handlers.
 */
export class PhoneBots implements HappeningSource {
  readonly name = 'phone';
  readonly #deps: PhoneBotsDeps;
  readonly #inbox: PhoneInbox;
  readonly #bots = new Map<string, { bot: TelegramBot; status: BotStatus }>();
  #stopWatching: (() => void) | undefined;
  #applied = '';

  constructor(deps: PhoneBotsDeps) {
    this.#deps = deps;
    const { context } = deps;
    this.#inbox = new PhoneInbox({
      calls: deps.calls,
      state: deps.state,
      settings: context.settings,
      language: context.language,
      clock: context.clock,
      log: context.log,
      onCommand: (taken) => {
        for (const { status } of this.#bots.values())
          if (taken.service === 'tgram') status.last = taken;
        deps.onCommand?.(taken);
      },
    });
  }

  /** Starts the bots of the targets as set, and follows changes. */
  start(): void {
    this.#apply();
    this.#stopWatching = this.#deps.context.onSettingsChange(() => this.#apply());
  }

  /** Stops every bot. */
  async stop(): Promise<void> {
    this.#stopWatching?.();
    await Promise.all([...this.#bots.values()].map(({ bot }) => bot.stop()));
    this.#bots.clear();
    this.#applied = '';
  }

  /** Each commanding bot's connection and last command, by bot id (the token's public half). */
  status(): Record<string, BotStatus> {
    return Object.fromEntries([...this.#bots].map(([key, { status }]) => [key, { ...status }]));
  }

  #apply(): void {
    const wanted = telegramBots(this.#deps.context.settings().pushTargets);
    const key = JSON.stringify([...wanted]);
    if (key === this.#applied) return;
    this.#applied = key;
    for (const { bot } of this.#bots.values()) void bot.stop();
    this.#bots.clear();
    for (const [botId, target] of wanted) {
      const status: BotStatus = { connection: 'connecting' };
      const bot = new TelegramBot(target, {
        inbox: this.#inbox,
        act: this.#deps.calls['notification:act'],
        log: this.#deps.context.log,
        language: this.#deps.context.language,
        clock: this.#deps.context.clock,
        onConnection: (state) => (status.connection = state),
        ...(this.#deps.pollSeconds !== undefined ? { pollSeconds: this.#deps.pollSeconds } : {}),
      });
      this.#bots.set(botId, { bot, status });
      bot.start();
    }
  }
}

/** The enabled `tgram://…?commands=yes` targets, one per bot (their chats joined), by bot id. */
function telegramBots(
  targets: readonly { url: string; enabled: boolean }[],
): Map<string, TelegramBotTarget> {
  const bots = new Map<string, TelegramBotTarget>();
  for (const target of targets) {
    if (!target.enabled) continue;
    const parsed = parsePushUrl(target.url);
    if (!parsed.ok || parsed.value.target.service !== 'tgram' || !parsed.value.target.commands)
      continue;
    const { botToken, chatIds, api } = parsed.value.target;
    const botId = botToken.slice(0, botToken.indexOf(':'));
    const known = bots.get(botId);
    bots.set(botId, {
      botToken,
      chatIds: [...new Set([...(known?.chatIds ?? []), ...chatIds])],
      ...(api ? { api } : {}),
      botId,
      name: `telegram bot ${botId}`,
    });
  }
  return bots;
}
