import type { NotificationAction } from '../../shared/model';

/**
 * Routes popup clicks to the app once it runs, and holds those that come earlier: on Windows a
 * click in Action Center can be what starts the app, and its activation arrives during start-up.
 */
export class PopupClicks {
  #run: ((action: NotificationAction) => Promise<boolean>) | undefined;
  readonly #pending: NotificationAction[] = [];

  /** Runs a click's action now, or once the app is connected. */
  readonly run = (action: NotificationAction): void => {
    if (this.#run) void this.#run(action);
    else this.#pending.push(action);
  };

  /** Connects the app's guarded action runner and runs the clicks held so far, in order. */
  connect(run: (action: NotificationAction) => Promise<boolean>): void {
    this.#run = run;
    for (const action of this.#pending.splice(0)) void run(action);
  }
}
