import type { RoomState } from '../../shared/model';
import type { OutputLine } from './output';

/** Least time between two `rooms` lines. */
export const ROOMS_LINE_GAP_MS = 1000;

/** The `rooms` lines of headless mode, coalesced. */
export interface RoomsLines {
  /**
   * The rooms changed: printed now, or with whatever came next once a second has passed; `rooms`
   * is called only when a line is printed.
   */
  offer(rooms: () => RoomState[]): void;
  /** Prints what is held at once (at stop, so the last state is not lost). */
  flush(): void;
}

/**
 * Under a burst of webhooks the rooms change with about every second event, and each change
 * printed the whole list: over a million lines in one load test (issue 21). Here a line goes out
 * only when the list differs from the last one printed, and at most one a second; a change inside
 * that second is held and the newest list printed when it ends.
 */
export function createRoomsLines(
  emit: (line: OutputLine) => void,
  clock: { now: () => number; later: (run: () => void, ms: number) => () => void } = realClock,
): RoomsLines {
  let held: (() => RoomState[]) | undefined;
  let lastText = '';
  let lastAt = -Infinity;
  let cancel: (() => void) | undefined;
  const print = () => {
    cancel = undefined;
    const listRooms = held;
    held = undefined;
    if (!listRooms) return;
    const rooms = listRooms();
    const text = JSON.stringify(rooms);
    if (text === lastText) return; // back where it was: nothing to say
    lastText = text;
    lastAt = clock.now();
    emit({ type: 'rooms', rooms });
  };
  return {
    offer(rooms) {
      held = rooms;
      if (cancel) return;
      const wait = lastAt + ROOMS_LINE_GAP_MS - clock.now();
      if (wait <= 0) print();
      else cancel = clock.later(print, wait);
    },
    flush() {
      cancel?.();
      print();
    },
  };
}

const realClock = {
  now: () => performance.now(),
  later: (run: () => void, ms: number) => {
    const timer = setTimeout(run, ms);
    timer.unref(); // a held line never keeps the process alive: stop flushes it
    return () => clearTimeout(timer);
  },
};
