import { jsonOrUndefined } from '../../../../shared/parse';
import { secretsEqual } from '../../../adapters/request-guards';
import * as z from 'zod';
import type { Logger } from '../../../core/ports';
import { authorization } from '../../push/adapters/http-push';
import { sendNtfy } from '../../push/adapters/ntfy';
import type { PushTarget } from '../../push/core/push-url';
import { readButtonData } from '../core/button-data';
import { NtfySubscription, type NtfyMessage } from '../adapters/ntfy-subscription';
import type { PhoneInbox } from './phone-inbox';

/** An ntfy target whose go-live pushes carry buttons. */
export type NtfyTarget = Extract<PushTarget, { service: 'ntfy' }> & {
  commands: NonNullable<Extract<PushTarget, { service: 'ntfy' }>['commands']>;
};

/** What the ntfy bot works on. */
export interface NtfyBotDeps {
  inbox: PhoneInbox;
  log: Logger;
  /** The target masked: names it in log lines and the window. */
  name: string;
  /** The target's secrets, masked in what goes back to the phone. */
  secrets: readonly string[];
  onConnection?: (connected: boolean) => void;
}

// What a button publishes (push/adapters/ntfy.ts: ntfyActions).
const Pressed = z.object({ secret: z.string(), act: z.string() });

/**
 * ntfy's buttons (issue 43): the app subscribes to the target's control topic and runs a
 * published `{secret, act}` as the popup's button, only when the secret is the install's; the
 * outcome is published to the target's topic. Anything else on the control topic does nothing.
 */
export class NtfyBot {
  readonly #target: NtfyTarget;
  readonly #deps: NtfyBotDeps;
  readonly #subscription: NtfySubscription;

  constructor(target: NtfyTarget, deps: NtfyBotDeps) {
    this.#target = target;
    this.#deps = deps;
    this.#subscription = new NtfySubscription({
      topicUrl: `${target.origin}/${target.commands.control}`,
      headers: authorization(target.auth),
      log: deps.log,
      name: deps.name,
      onMessage: (message) => void this.#pressed(message),
      ...(deps.onConnection ? { onConnected: deps.onConnection } : {}),
    });
  }

  /** Subscribes. */
  start(): void {
    this.#subscription.start();
  }

  /** Unsubscribes. */
  stop(): Promise<void> {
    return this.#subscription.stop();
  }

  async #pressed(message: NtfyMessage): Promise<void> {
    const parsed = Pressed.safeParse(jsonOrUndefined(message.message));
    const allowed =
      parsed.success && secretsEqual(parsed.data.secret, this.#target.commands.secret);
    const pressed = parsed.success ? readButtonData(parsed.data.act) : undefined;
    const base = {
      service: 'ntfy' as const,
      via: this.#deps.name,
      chat: 'control',
      sender: allowed ? 'button' : 'a message without the secret',
      allowed: allowed && pressed !== undefined,
      sentAt: message.sentAt,
    };
    const answer = await this.#deps.inbox.press(base, pressed);
    if (answer === undefined) return;
    const { topics } = this.#target;
    const sent = await sendNtfy(
      { ...this.#target, topics: topics.slice(0, 1) },
      { title: answer, body: '' },
      { secrets: this.#deps.secrets },
    );
    if (!sent.ok)
      this.#deps.log.warn(`phone: ${this.#deps.name}: answer not sent (${sent.reason})`);
  }
}
