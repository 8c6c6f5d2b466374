import type { ContractHandlers } from '../../../../shared/ipc-contract';
import { nodeCrypto } from '../../../adapters/node-crypto';
import { withPhoneSecrets } from '../core/phone-secrets';
import type { PhoneBots } from '../../phone/app/phone-bots';
import type { PushSink } from './push-sink';

/**
 * The push targets' test button (a real message to the URL given, and what the service said) and
 * the last push to each target, for Settings → Push; for a target that takes commands, its bot's
 * connection and last command, the "send me the commands list" button, and the secrets its
 * commands need, made at setup.
 */
export function pushHandlers(
  sink: Pick<PushSink, 'test' | 'lastResults'>,
  phone: Pick<PhoneBots, 'statusOf' | 'sendCommands'>,
  urls: () => readonly string[],
): Pick<ContractHandlers, 'push:test' | 'push:status' | 'push:sendCommands' | 'push:makeSecrets'> {
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
    'push:makeSecrets': async ({ url }) => ({ url: withPhoneSecrets(url, randomWord) }),
  };
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `chars` letters and digits from the system's CSPRNG (`randomInt` draws without modulo bias). */
function randomWord(chars: number): string {
  const { randomInt } = nodeCrypto();
  return Array.from({ length: chars }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
}
