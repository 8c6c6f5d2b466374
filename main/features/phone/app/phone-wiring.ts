import type { AppState } from '../../../../shared/app-state';
import { PHONE_SERVICE_NAMES } from '../../../../shared/i18n/phone-text';
import type { ContractHandlers } from '../../../../shared/ipc-contract';
import type { EventPipeline } from '../../../core/event-pipeline';
import type { AppContext } from '../../../app/app-context';
import { PHONE_COMMAND_DECISION, phoneCommandNotification } from '../core/phone-history';
import { PhoneBots, type PhoneBotsDeps } from './phone-bots';

/** What the phone is built from: the app's context, its calls and state, the listener, the history. */
export interface PhoneParts {
  context: AppContext;
  /** The app's handlers, read when a command comes (they are made after the phone). */
  handlers: () => ContractHandlers;
  state: () => AppState;
  /** The listener the OneBot route is added to. */
  listener: { server: { route: PhoneBotsDeps['route'] } };
  /** Where the commands taken are recorded in the history. */
  pipeline: Pick<EventPipeline, 'record'>;
  /** The app's timers (tests move them). */
  setTimer?: PhoneBotsDeps['setTimer'];
}

/**
 * The phone's bots over the app's handlers (issue 43): commands go through the same calls as the
 * window's; every command taken is a `phone:command` event (headless `phone` lines) and a row of
 * the history, recorded through the pipeline like the app's other notices but never popped up
 * nor pushed (its decision is not shown). Loaded by build-phone.ts once a target takes commands.
 */
export function wirePhoneBots({
  context,
  handlers,
  state,
  listener,
  pipeline,
  setTimer,
}: PhoneParts): PhoneBots {
  let taken = 0;
  return new PhoneBots({
    context: {
      ...context,
      onSettingsChange: (listener) => context.settingsView.onChange(listener),
    },
    calls: lateCalls(handlers),
    state,
    route: (prefix, handler) => listener.server.route(prefix, handler),
    ...(setTimer ? { setTimer } : {}),
    onCommand: ({ said, ...line }) => {
      // The headless `phone` line keeps its documented fields; the history gets the user's words.
      context.events.emit('phone:command', line);
      const service = PHONE_SERVICE_NAMES[line.service];
      const notification = phoneCommandNotification(
        { service, said, at: line.at },
        context.language(),
        taken++,
      );
      pipeline.record({ notification, decision: PHONE_COMMAND_DECISION });
    },
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
