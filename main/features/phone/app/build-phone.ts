import type { AppState } from '../../../../shared/app-state';
import type { ContractHandlers } from '../../../../shared/ipc-contract';
import type { AppContext } from '../../../app/app-context';
import { PhoneBots, type PhoneBotsDeps } from './phone-bots';

/**
 * The phone's bots over the app's handlers (issue 43): commands go through the same calls as the
 * window's; every command taken is a `phone:command` event (headless `phone` lines).
 */
export function buildPhone(
  context: AppContext,
  handlers: ContractHandlers,
  state: () => AppState,
  listener: { server: { route: PhoneBotsDeps['route'] } },
): PhoneBots {
  return new PhoneBots({
    context: {
      ...context,
      onSettingsChange: (listener) => context.settingsView.onChange(listener),
    },
    calls: handlers,
    state,
    route: (prefix, handler) => listener.server.route(prefix, handler),
    onCommand: (taken) => context.events.emit('phone:command', taken),
  });
}
