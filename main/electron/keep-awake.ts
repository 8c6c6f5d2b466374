import type { PowerSaveBlocker } from 'electron';
import type { AppState } from '../../shared/app-state';
import type { RunningApp } from '../app';
import { keepAwakeWanted } from '../core/keep-awake';

/** Electron's powerSaveBlocker as the glue uses it (a fake in tests). */
export type PowerBlocker = Pick<PowerSaveBlocker, 'start' | 'stop'>;

/**
 * Holds one `prevent-app-suspension` blocker while recording on this machine (the decision is
 * main/core/keep-awake.ts's): the system stays up, the screen may still turn off
 * (https://www.electronjs.org/docs/latest/api/power-save-blocker). At most one blocker is held,
 * however often the state is pushed.
 */
export class KeepAwake {
  readonly #blocker: PowerBlocker;
  readonly #log: (message: string) => void;
  #id: number | undefined;

  constructor(blocker: PowerBlocker, log: (message: string) => void) {
    this.#blocker = blocker;
    this.#log = log;
  }

  /** Holds the blocker when `wanted`, releases it when not; a repeat changes nothing. */
  set(wanted: boolean): void {
    if (wanted && this.#id === undefined) {
      this.#id = this.#blocker.start('prevent-app-suspension');
      this.#log('keep awake: recording on this computer, sleep is held off');
    } else if (!wanted && this.#id !== undefined) {
      this.release();
      this.#log('keep awake: nothing records, sleep is allowed again');
    }
  }

  /** Whether the blocker is held now. */
  get holding(): boolean {
    return this.#id !== undefined;
  }

  /** Releases the blocker (at quit, and when nothing records). */
  release(): void {
    if (this.#id === undefined) return;
    this.#blocker.stop(this.#id);
    this.#id = undefined;
  }
}

/**
 * Follows the app's state (rooms recording) and settings (`keepAwake`, the recorders) and holds
 * the blocker while recording here; returns the teardown, which releases it.
 */
export function watchKeepAwake(
  app: Pick<RunningApp, 'subscribe' | 'state' | 'settings'>,
  blocker: PowerBlocker,
  log: (message: string) => void,
): () => void {
  const keepAwake = new KeepAwake(blocker, log);
  const check = (rooms: AppState['rooms']) => keepAwake.set(keepAwakeWanted(app.settings(), rooms));
  // A settings change pushes the state too, so `keepAwake: false` releases at once.
  const unsubscribe = app.subscribe((message) => {
    if (message.event === 'state:changed') check(message.payload.rooms);
  });
  check(app.state().rooms);
  return () => {
    unsubscribe();
    keepAwake.release();
  };
}
