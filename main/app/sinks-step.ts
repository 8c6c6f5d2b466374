import type { AppCore } from './app-core';
import type { AppPorts } from './app-ports';
import { DecisionSinks } from './decision-sinks';
import { durablePopups } from './durable-popups';
import type { DecisionSink } from './plug-ins';
import { PushSink } from './push/push-sink';
import type { Storage } from './storage';

/** The sinks as attached, and the push sink (its test button is a contract call). */
export interface AttachedSinks {
  sinks: DecisionSinks;
  push: PushSink;
}

/**
 * The one place sinks attach, in order: the host's popup (behind the history's write, so that
 * recovery never pops a happening up twice), the window, push targets, then the host's extras.
 */
export function attachSinks(
  core: AppCore,
  ports: Pick<AppPorts, 'popups' | 'sinks'>,
  storage: Storage,
): AttachedSinks {
  const { events, statePush } = core;
  const sinks = new DecisionSinks(core.log);
  const windowSink: DecisionSink = {
    name: 'window',
    decided: (entry) => {
      events.emit('notification:added', entry);
      statePush.request();
    },
  };
  // Phones and chats, through an outbox; each outcome is kept with its notification.
  const push = new PushSink({
    onAttempt: (attempt) => events.emit('push:attempt', attempt),
    onResult: (id, record) => storage.history.recordPush(id, record),
  });
  const popups = durablePopups(ports.popups, storage.history, core.reportFailure('popup'));
  sinks.attach(popups, windowSink, push, ...(ports.sinks ?? []));
  return { sinks, push };
}
