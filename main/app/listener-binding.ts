import type { Settings } from '../../shared/settings';
import { UnsafeBindError } from '../adapters/webhook-listener/webhook-server';
import type { Logger } from '../core/ports';
import type { StartResult } from './app-ports';
import type { Listener } from './listener-step';

/**
 * Binds the listener to the address the settings name, now and after each change of it; a bind
 * that fails is kept as the listener's error (shown in the window) and the app runs on without it.
 */
export class ListenerBinding {
  readonly #listener: Listener;
  readonly #log: Logger;
  #error: string | undefined;

  constructor(listener: Listener, log: Logger) {
    this.#listener = listener;
    this.#log = log;
  }

  /** Why the last bind failed, while it stands. */
  get error(): string | undefined {
    return this.#error;
  }

  /** Binds (first start). */
  async bind(settings: Settings): Promise<StartResult> {
    return this.#run(() => this.#listener.server.start(settings.listener), settings);
  }

  /** Binds again when the address or token changed (or nothing is bound); says whether it did. */
  async rebindIfMoved(previous: Settings, current: Settings): Promise<boolean> {
    const server = this.#listener.server;
    const next = current.listener;
    const old = previous.listener;
    const moved = next.host !== old.host || next.port !== old.port || next.token !== old.token;
    if (!moved && server.address !== undefined) return false;
    await this.#run(() => (server.address ? server.restart(next) : server.start(next)), current);
    return true;
  }

  async #run(
    bind: () => Promise<{ port: number; webhookUrl: string }>,
    settings: Settings,
  ): Promise<StartResult> {
    try {
      const { port, webhookUrl } = await bind();
      this.#error = undefined;
      return { ok: true, port, webhookUrl };
    } catch (error) {
      const unsafe = error instanceof UnsafeBindError;
      const { host, port } = settings.listener;
      this.#error = unsafe
        ? (error as Error).message
        : `cannot listen on ${host}:${port}: ${(error as Error).message}`;
      this.#log.error(`listener: ${this.#error}`);
      return { ok: false, message: this.#error, unsafe };
    }
  }
}
