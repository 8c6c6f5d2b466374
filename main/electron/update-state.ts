import type { AppState } from '../../shared/app-state';
import type { HostStatePort } from '../app/app-ports';
import type { ReadyUpdate } from './app-updater';

/** The AppState's `update` field: the downloaded update the tray and the window's About show. */
export class UpdateState implements HostStatePort {
  #ready: ReadyUpdate | undefined;
  readonly #listeners = new Set<() => void>();

  /** A download is ready (bound, so it can be passed as a callback). */
  readonly set = (update: ReadyUpdate): void => {
    this.#ready = update;
    for (const listener of this.#listeners) listener();
  };

  /** Absent until an update is downloaded. */
  read(): Pick<AppState, 'update'> {
    return this.#ready ? { update: { ...this.#ready } } : {};
  }

  /** Subscribes to changes; returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
