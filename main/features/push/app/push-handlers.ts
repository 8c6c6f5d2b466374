import type { ContractHandlers } from '../../../../shared/ipc-contract';
import type { PhoneBots } from '../../phone/app/phone-bots';
import type { PushSink } from './push-sink';

/**
 * The push targets' test button (a real message to the URL given, and what the service said) and
 * the last push to each target, for Settings → Push; for a target that takes commands, its bot's
 * connection and last command, and the "send me the commands list" button.
 */
export function pushHandlers(
  sink: Pick<PushSink, 'test' | 'lastResults'>,
  phone: Pick<PhoneBots, 'statusOf' | 'sendCommands'>,
  urls: () => readonly string[],
): Pick<ContractHandlers, 'push:test' | 'push:status' | 'push:sendCommands'> {
  return {
    'push:test': async ({ url }) => sink.test(url),
    'push:status': async () => {
      const targets = urls();
      return {
        targets: sink.lastResults().map((result, index) => {
          const status = phone.statusOf(targets[index] ?? '');
          return status ? { ...result, phone: status } : result;
        }),
      };
    },
    'push:sendCommands': ({ url }) => phone.sendCommands(url),
  };
}
