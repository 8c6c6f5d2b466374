import type { ContractHandlers } from '../../../../shared/ipc-contract';
import type { PushSink } from './push-sink';

/**
 * The push targets' test button (a real message to the URL given, and what the service said) and
 * the last push to each target, for Settings → Push.
 */
export function pushHandlers(
  sink: Pick<PushSink, 'test' | 'lastResults'>,
): Pick<ContractHandlers, 'push:test' | 'push:status'> {
  return {
    'push:test': async ({ url }) => sink.test(url),
    'push:status': async () => ({ targets: sink.lastResults() }),
  };
}
