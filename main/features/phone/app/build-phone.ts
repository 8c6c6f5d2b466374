import type { HappeningSource } from '../../../core/plug-ins';
import { parsePushUrl } from '../../push/core/push-url';
import type { PhoneBots } from './phone-bots';
import type { PhoneParts } from './phone-wiring';

/** The phone as the app holds it: a source the lifecycle starts, and Settings → Push's calls. */
export type Phone = HappeningSource & Pick<PhoneBots, 'statusOf' | 'sendCommands'>;

/**
 * The phone's bots (issue 43), the slice's one entry. Their code (the bots, their WebSocket
 * library, their commands and texts: phone-wiring.ts and what it imports) is loaded only once a
 * push target takes commands: a default install has none, and every module parsed at start stays
 * in headless mode's memory for as long as it runs (issue 41). Once loaded, the bots follow the
 * settings themselves, as they always did.
 */
export function buildPhone(parts: PhoneParts): Phone {
  const { context } = parts;
  let loading: Promise<PhoneBots> | undefined;
  let bots: PhoneBots | undefined;
  let started = false;
  let stopWatching: (() => void) | undefined;
  const load = (): Promise<PhoneBots> =>
    (loading ??= import('./phone-wiring').then(({ wirePhoneBots }) => {
      bots = wirePhoneBots(parts);
      if (started) bots.start();
      return bots;
    }));
  const loadWhenWanted = async (): Promise<void> => {
    if (!started || loading || !takesCommands(context.settings().pushTargets)) return;
    await load().then(
      () => undefined,
      (error: unknown) =>
        context.log.error(`phone: its bots could not be loaded: ${String(error)}`),
    );
  };
  return {
    name: 'phone',
    // Started with the bots when a target takes commands: OneBot's route is there once it is.
    async start() {
      started = true;
      if (bots) return bots.start();
      stopWatching ??= context.settingsView.onChange(() => void loadWhenWanted());
      await loadWhenWanted();
    },
    async stop() {
      started = false;
      stopWatching?.();
      stopWatching = undefined;
      // A load that failed was logged: there is nothing to stop.
      await loading?.then(
        (loaded) => loaded.stop(),
        () => undefined,
      );
    },
    statusOf: (url) => bots?.statusOf(url),
    // Settings → Push's button: the bots answer it (with "no commands" for a target without).
    sendCommands: async (url) => (await load()).sendCommands(url),
  };
}

/** Whether an enabled push target takes commands (Telegram, OneBot or ntfy `?commands=yes`). */
function takesCommands(targets: readonly { url: string; enabled: boolean }[]): boolean {
  return targets.some((target) => {
    if (!target.enabled) return false;
    const parsed = parsePushUrl(target.url);
    return parsed.ok && 'commands' in parsed.value.target && Boolean(parsed.value.target.commands);
  });
}
