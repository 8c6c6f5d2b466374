import type { AppState } from '../../../../shared/app-state';
import { PHONE_TEXT } from '../../../../shared/i18n/phone-text';
import type { CallResult, ContractHandlers } from '../../../../shared/ipc-contract';
import type { PhoneStatus } from '../../../../shared/push';
import { createPushSend } from '../../push/adapters/senders';
import type { PlugInContext } from '../../../core/plug-ins';
import type { HappeningSource } from '../../../core/plug-ins';
import { parsePushUrl, type ParsedPushUrl } from '../../push/core/push-url';
import type { BotConnection } from '../adapters/telegram-poller';
import { PhoneInbox, type PhoneCommandTaken } from './phone-inbox';
import { helpText, type PhoneCalls } from './phone-runner';
import { NtfyBot, type NtfyTarget } from './ntfy-bot';
import { OneBotBot, type OneBotBotDeps, type OneBotTarget } from './onebot-bot';
import { TelegramBot, type TelegramBotTarget } from './telegram-bot';

/** What the phone's bots work on: the app's context, its handlers and its state. */
export interface PhoneBotsDeps {
  context: Pick<PlugInContext, 'clock' | 'log' | 'settings' | 'language'> & {
    /** Settings changes: the bots follow the push targets. */
    onSettingsChange: (listener: () => void) => () => void;
  };
  calls: PhoneCalls & Pick<ContractHandlers, 'notification:act'>;
  state: () => AppState;
  /** Every command taken (the log has it too): headless `phone` lines. */
  onCommand?: (taken: PhoneCommandTaken) => void;
  /** Adds a route to the app's listener (OneBot's HTTP POST events); returns its removal. */
  route: OneBotBotDeps['route'];
  /** Seconds a Telegram long poll waits (tests). */
  pollSeconds?: number;
  /** Timers for the Telegram pollers' waits (tests: the app's movable clock). */
  setTimer?: (fn: () => void, ms: number) => () => void;
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
  readonly #bots = new Map<string, { bot: { stop(): unknown }; status: BotStatus }>();
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
        // `via` is the key the bot is kept by: its own status gets the command, no other's.
        const bot = taken.via === undefined ? undefined : this.#bots.get(taken.via);
        if (bot) bot.status.last = taken;
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
    await Promise.all([...this.#bots.values()].map(async ({ bot }) => bot.stop()));
    this.#bots.clear();
    this.#applied = '';
  }

  /** The connection and last command of a target's bot; undefined for a target without one. */
  statusOf(url: string): PhoneStatus | undefined {
    const key = botKey(url);
    const found = key === undefined ? undefined : this.#bots.get(key);
    if (!found) return undefined;
    const { connection, last } = found.status;
    return {
      connection,
      ...(last ? { last: { line: last.line, sender: last.sender, at: last.at } } : {}),
    };
  }

  /** Sends the commands list to a commanding target's chats (Settings → Push's button). */
  async sendCommands(url: string): Promise<CallResult> {
    const parsed = parsePushUrl(url);
    const language = this.#deps.context.language();
    const found = this.#bots.get(botKey(url) ?? '');
    if (!parsed.ok || !found) return { ok: false, message: PHONE_TEXT[language].noCommands };
    const target = parsed.value.target;
    if (target.service === 'ntfy')
      return { ok: false, message: PHONE_TEXT[language].ntfyButtonsOnly };
    const text = helpText(language);
    const sent =
      target.service === 'tgram' && found.bot instanceof TelegramBot
        ? await found.bot.sendHelp(text)
        : (await createPushSend()(parsed.value, { title: text, body: '', language })).ok;
    return {
      ok: sent,
      message: sent ? PHONE_TEXT[language].listSent : PHONE_TEXT[language].listNotSent,
    };
  }

  #apply(): void {
    const targets = this.#deps.context.settings().pushTargets;
    const telegram = telegramBots(targets);
    const onebot = oneBotTargets(targets);
    const ntfy = ntfyTargets(targets);
    const key = JSON.stringify([[...telegram], [...onebot], [...ntfy]]);
    if (key === this.#applied) return;
    this.#applied = key;
    for (const { bot } of this.#bots.values()) void bot.stop();
    this.#bots.clear();
    const { context, pollSeconds, setTimer, route } = this.#deps;
    const base = { inbox: this.#inbox, log: context.log };
    const timing = {
      ...(pollSeconds !== undefined ? { pollSeconds } : {}),
      ...(setTimer ? { setTimer } : {}),
    };
    for (const [botId, target] of telegram)
      this.#add(botId, (status) => {
        const onConnection = (state: BotConnection) => (status.connection = state);
        const { language, clock } = context;
        return new TelegramBot(target, { ...base, language, clock, onConnection, ...timing });
      });
    for (const [name, target] of onebot)
      this.#add(name, (status) => {
        const onConnection = connectedTo(status);
        return new OneBotBot(target, { ...base, route, name, onConnection });
      });
    for (const [name, { target, secrets }] of ntfy)
      this.#add(name, (status) => {
        const onConnection = connectedTo(status);
        return new NtfyBot(target, { ...base, name, secrets, onConnection });
      });
  }

  #add(key: string, make: (status: BotStatus) => { start(): void; stop(): unknown }): void {
    const status: BotStatus = { connection: 'connecting' };
    const bot = make(status);
    this.#bots.set(key, { bot, status });
    bot.start();
  }
}

/** Where a bot that is either connected or not puts its state. */
function connectedTo(status: BotStatus): (connected: boolean) => void {
  return (connected) => (status.connection = connected ? 'connected' : 'unreachable');
}

/** The key a target's bot is kept by: Telegram's bot id, or the masked URL. */
function botKey(url: string): string | undefined {
  const parsed = parsePushUrl(url);
  if (!parsed.ok) return undefined;
  const target = parsed.value.target;
  if (target.service === 'tgram' && target.commands)
    return target.botToken.slice(0, target.botToken.indexOf(':'));
  if ((target.service === 'onebot' || target.service === 'ntfy') && target.commands)
    return parsed.value.redacted;
  return undefined;
}

/** The enabled push targets whose URLs parse. */
function parsedTargets(targets: readonly { url: string; enabled: boolean }[]): ParsedPushUrl[] {
  return targets.flatMap((target) => {
    const parsed = target.enabled ? parsePushUrl(target.url) : undefined;
    return parsed?.ok ? [parsed.value] : [];
  });
}

/** The enabled ntfy targets with buttons, by their masked URL (with their secrets). */
function ntfyTargets(
  targets: readonly { url: string; enabled: boolean }[],
): Map<string, { target: NtfyTarget; secrets: string[] }> {
  const bots = new Map<string, { target: NtfyTarget; secrets: string[] }>();
  for (const { target, redacted, secrets } of parsedTargets(targets))
    if (target.service === 'ntfy' && target.commands)
      bots.set(redacted, { target: { ...target, commands: target.commands }, secrets });
  return bots;
}

/** The enabled OneBot targets that take commands, by their masked URL. */
function oneBotTargets(
  targets: readonly { url: string; enabled: boolean }[],
): Map<string, OneBotTarget> {
  const bots = new Map<string, OneBotTarget>();
  for (const { target, redacted } of parsedTargets(targets))
    if (target.service === 'onebot' && target.commands)
      bots.set(redacted, { ...target, commands: target.commands });
  return bots;
}

/** The enabled `tgram://…?commands=yes` targets, one per bot (their chats joined), by bot id. */
function telegramBots(
  targets: readonly { url: string; enabled: boolean }[],
): Map<string, TelegramBotTarget> {
  const bots = new Map<string, TelegramBotTarget>();
  for (const { target } of parsedTargets(targets)) {
    if (target.service !== 'tgram' || !target.commands) continue;
    const { botToken, chatIds, api, members = [] } = target;
    const botId = botToken.slice(0, botToken.indexOf(':'));
    const known = bots.get(botId);
    // Each target's members for its own chats: two targets of one bot do not lend each other theirs.
    const byChat: Record<string, readonly string[]> = { ...known?.members };
    for (const chatId of chatIds)
      byChat[chatId] = [...new Set([...(byChat[chatId] ?? []), ...members])];
    bots.set(botId, {
      botToken,
      chatIds: [...new Set([...(known?.chatIds ?? []), ...chatIds])],
      members: byChat,
      ...(api ? { api } : {}),
      botId,
      name: `telegram bot ${botId}`,
    });
  }
  return bots;
}
