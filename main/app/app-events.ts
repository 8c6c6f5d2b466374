import { isEventChannel, type EventChannel } from '../../shared/ipc-channels';
import type { AppEvent, AppEventListener, AppEventName, AppEvents } from './app-ports';

/** Whether an event is one the window hears (the contract's event channels), not a host's own. */
export function isWindowEvent(
  message: AppEvent,
): message is Extract<AppEvent, { event: EventChannel }> {
  return isEventChannel(message.event);
}

/** The app's event fan-out to the hosts (window broadcast, output lines, the tray). */
export class AppEventBus {
  readonly #listeners = new Set<AppEventListener>();
  readonly #failed: (error: unknown) => void;

  /** `failed` hears of a listener that threw; the others still get the event. */
  constructor(failed: (error: unknown) => void) {
    this.#failed = failed;
  }

  /** Adds a listener of every event; returns the unsubscribe. */
  subscribe(listener: AppEventListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Sends one event to every listener. */
  emit<E extends AppEventName>(event: E, payload: AppEvents[E]): void {
    this.#send({ event, payload } as AppEvent);
  }

  /**
   * Sends one event whose payload is made when a listener first reads it, once for them all: the
   * state is a read of some fifteen parts, and headless mode with no window open reads none of it.
   */
  emitMade<E extends AppEventName>(event: E, make: () => AppEvents[E]): void {
    let made: { value: AppEvents[E] } | undefined;
    this.#send({
      event,
      get payload() {
        made ??= { value: make() };
        return made.value;
      },
    } as AppEvent);
  }

  #send(message: AppEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(message);
      } catch (error) {
        this.#failed(error);
      }
    }
  }

  /** Drops every listener. */
  close(): void {
    this.#listeners.clear();
  }
}

/**
 * A request that fires once per quiet spell: several requests within `delayMs` of the first
 * become one call (a poll of 500 rooms changes many rooms at once; the window wants one state).
 */
export class CoalescedSignal {
  readonly #delayMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #fire: () => void = () => undefined;

  constructor(delayMs: number) {
    this.#delayMs = delayMs;
  }

  /** Sets what firing does (attached once what it reads has been built). */
  onFire(fire: () => void): void {
    this.#fire = fire;
  }

  /** Asks for a call within the delay. */
  request(): void {
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      this.#fire();
    }, this.#delayMs);
  }

  /** Drops a pending call. */
  cancel(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
