import type { AppNotification } from '../../../../shared/model';

/**
 * How long after it was offered a go-live popup may wait for its room's pictures (the first
 * popup of a room a webhooks-only user sees: the fetch starts with the go-live). Within a grouping
 * hold at least this long, the hold is the wait.
 */
export const PICTURE_WAIT_MS = 1500;

/** What the wait needs: the time, timers, and the pictures' readiness. */
export interface PictureWaitPorts {
  clock: () => number;
  setTimer: (fn: () => void, ms: number) => () => void;
  /**
   * A room has no pictures cached and a fetch of them is under way: calls `ready` once they are
   * in (or the fetch gave up) and returns the unsubscribe; undefined: nothing to wait for.
   */
  awaitPictures?: ((roomId: number, ready: () => void) => (() => void) | undefined) | undefined;
}

/**
 * Go-live popups held back until their room's pictures are in, at most until PICTURE_WAIT_MS
 * after they were offered; each is shown exactly once (`show`), by the pictures, the time limit
 * or a flush at shutdown.
 */
export class PictureWait {
  readonly #ports: PictureWaitPorts;
  readonly #waiting = new Set<() => void>();

  constructor(ports: PictureWaitPorts) {
    this.#ports = ports;
  }

  /** How many popups wait now. */
  get size(): number {
    return this.#waiting.size;
  }

  /** Shows `notification` (a single room's go-live) now, or once its pictures are in. */
  hold(notification: AppNotification, offeredAt: number, show: () => void): void {
    const [roomId] = notification.roomIds;
    const left = PICTURE_WAIT_MS - (this.#ports.clock() - offeredAt);
    if (left <= 0 || roomId === undefined || !this.#ports.awaitPictures) return show();
    let cancelTimer = () => {};
    // Set once awaitPictures returns: `ready` may come before that (then it is unsubscribed below).
    const held: { unsubscribe?: (() => void) | undefined } = {};
    const release = () => {
      if (!this.#waiting.delete(release)) return;
      cancelTimer();
      held.unsubscribe?.();
      show();
    };
    this.#waiting.add(release);
    held.unsubscribe = this.#ports.awaitPictures(roomId, release);
    if (!this.#waiting.has(release)) return held.unsubscribe?.(); // ready at once: shown already
    if (!held.unsubscribe) return release();
    cancelTimer = this.#ports.setTimer(release, left);
  }

  /** Shows every waiting popup now (shutdown: nothing is lost). */
  flush(): void {
    for (const release of [...this.#waiting]) release();
  }
}
