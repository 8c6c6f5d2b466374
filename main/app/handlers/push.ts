import type { ContractHandlers } from '../../../shared/ipc-contract';
import type { PushSink } from '../push/push-sink';

/** The push targets' test button: a real message to the URL given, and what the service said. */
export function pushHandlers(sink: Pick<PushSink, 'test'>): Pick<ContractHandlers, 'push:test'> {
  return {
    'push:test': async ({ url }) => sink.test(url),
  };
}
