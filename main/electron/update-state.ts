import type { AppState } from '../../shared/app-state';
import type { HostStatePort } from '../app';
import type { ReadyUpdate } from './app-updater';

/**
 * The AppState's `update` field: the update the tray and the window's About show (downloaded, or
 * offered as a download), and why the last try to install it failed.
 */
export class UpdateState implements HostStatePort {
  #ready: ReadyUpdate | undefined;
  #failed: { version: string; reason: string } | undefined;
  readonly #listeners = new Set<() => void>();

  /** An update is ready (bound, so it can be passed as a callback). */
  readonly set = (update: ReadyUpdate): void => {
    this.#ready = update;
    this.#changed();
  };

  /** The last try to install `version` failed, and why (shown while that version is offered). */
  readonly failed = (version: string, reason: string): void => {
    this.#failed = { version, reason };
    this.#changed();
  };

  /** Absent until an update is ready. */
  read(): Pick<AppState, 'update'> {
    const ready = this.#ready;
    if (ready === undefined) return {};
    const failed = this.#failed?.version === ready.version ? this.#failed.reason : undefined;
    return {
      update: {
        version: ready.version,
        notes: ready.notes,
        action: ready.action,
        ...(failed !== undefined ? { failed } : {}),
      },
    };
  }

  /** Subscribes to changes; returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }
}
