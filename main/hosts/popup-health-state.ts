import type { AppState } from '../../shared/app-state';
import type { HostStatePort } from '../app';

/** Whether popups got through, as a host's notifier last reported it (`reason`: the system's words). */
export type PopupHealth = NonNullable<AppState['popups']>;

/**
 * Whether popups reach the user, as the host's notifier last reported it (the desktop's
 * `onHealth`, notify-send's result in headless mode), for the AppState's `popups` field.
 */
export class PopupHealthState implements HostStatePort {
  #health: PopupHealth | undefined;
  readonly #listeners = new Set<() => void>();

  /** The notifier's report (bound, so it can be passed as `onHealth`). */
  readonly set = (health: PopupHealth): void => {
    this.#health = health;
    for (const listener of this.#listeners) listener();
  };

  /** The AppState field: absent until a popup failed (or showed after failing). */
  read(): Pick<AppState, 'popups'> {
    const health = this.#health;
    if (health === undefined) return {};
    return {
      popups: {
        blocked: health.blocked,
        ...(health.reason !== undefined ? { reason: health.reason } : {}),
      },
    };
  }

  /** Subscribes to changes; returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
