import type { Observer } from './plug-ins';

/** The subscribers to what the app observes (webhooks, polls, happenings), for the sources. */
export class Observers {
  readonly #observers = new Set<Observer>();
  readonly #failed: (error: unknown) => void;

  /** `failed` hears of an observer that threw; the others still run. */
  constructor(failed: (error: unknown) => void) {
    this.#failed = failed;
  }

  /** Adds an observer; returns the unsubscribe. */
  observe(observer: Observer): () => void {
    this.#observers.add(observer);
    return () => this.#observers.delete(observer);
  }

  /** Tells every observer that has the method `name`. */
  notify<K extends keyof Observer>(name: K, ...args: Parameters<NonNullable<Observer[K]>>): void {
    for (const observer of this.#observers) {
      const method = observer[name] as ((...a: typeof args) => void) | undefined;
      if (!method) continue;
      try {
        method.apply(observer, args);
      } catch (error) {
        this.#failed(error);
      }
    }
  }
}
