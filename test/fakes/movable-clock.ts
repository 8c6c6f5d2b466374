/**
 * The real clock that a test may move forward: time runs as usual, `advance` jumps it, and the
 * timers set on it fire when real time or a jump reaches them (a process keeps running normally,
 * and a test need not wait out a quiet window of real minutes).
 */
export class MovableClock {
  #offset = 0;
  #timers = new Set<{ at: number; fire: () => void }>();

  /** Epoch ms: the real time plus every jump so far. */
  readonly now = (): number => Date.now() + this.#offset;

  /** Runs `fn` once `ms` have passed on this clock; returns the cancel. */
  readonly setTimer = (fn: () => void, ms: number): (() => void) => {
    const timer = {
      at: this.now() + ms,
      fire: () => {
        cancel();
        fn();
      },
    };
    const real = setTimeout(timer.fire, ms);
    real.unref?.();
    const cancel = () => {
      clearTimeout(real);
      this.#timers.delete(timer);
    };
    this.#timers.add(timer);
    return cancel;
  };

  /** Jumps forward by `ms`, firing in order the timers that are due by then. */
  advance(ms: number): void {
    this.#offset += ms;
    const due = [...this.#timers].filter((t) => t.at <= this.now()).sort((a, b) => a.at - b.at);
    for (const timer of due) timer.fire();
  }
}
