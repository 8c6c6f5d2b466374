import type { Clock } from './ports';

/** The shortest time between two commands for one room (at most one per second). */
export const COMMAND_GAP_MS = 1000;

// Rooms remembered at most; past this, entries older than the gap are forgotten (they no longer
// limit anything), so a long-running app never grows the map without bound.
const PRUNE_AT = 1024;

/** At most one command per room per `gapMs`: a double click or a repeated popup button does nothing twice. */
export class CommandRateLimit {
  readonly #clock: Clock;
  readonly #gapMs: number;
  readonly #last = new Map<string, number>();

  constructor(clock: Clock, gapMs = COMMAND_GAP_MS) {
    this.#clock = clock;
    this.#gapMs = gapMs;
  }

  /**
   * Takes the room's turn now (a room of one recorder: a hot standby's other copy is another
   * room); false when its last command was less than the gap ago.
   */
  take(roomId: number, recorderId = ''): boolean {
    const key = `${recorderId}\u0000${roomId}`;
    const now = this.#clock();
    const last = this.#last.get(key);
    if (last !== undefined && now - last < this.#gapMs && now >= last) return false;
    if (this.#last.size >= PRUNE_AT) this.#prune(now);
    this.#last.set(key, now);
    return true;
  }

  #prune(now: number): void {
    for (const [key, at] of this.#last) if (now - at >= this.#gapMs) this.#last.delete(key);
  }
}
