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
  handlers: () => ContractHandlers,
  state: () => AppState,
  listener: { server: { route: PhoneBotsDeps['route'] } },
): PhoneBots {
  return new PhoneBots({
    context: {
      ...context,
      onSettingsChange: (listener) => context.settingsView.onChange(listener),
    },
    calls: lateCalls(handlers),
    state,
    route: (prefix, handler) => listener.server.route(prefix, handler),
    onCommand: (taken) => context.events.emit('phone:command', taken),
  });
}

/** The handlers the phone uses, reached when called: the phone is built before them. */
function lateCalls(handlers: () => ContractHandlers): PhoneBotsDeps['calls'] {
  return {
    'room:command': (request) => handlers()['room:command'](request),
    'notifications:quietUntil': (request) => handlers()['notifications:quietUntil'](request),
    'settings:update': (request) => handlers()['settings:update'](request),
    'history:files': (request) => handlers()['history:files'](request),
    'jobs:list': (request) => handlers()['jobs:list'](request),
    'notification:act': (request) => handlers()['notification:act'](request),
  };
}
