import type { RoomChange } from './happening';
import { ROOMS_KEPT, pruneOldest } from './prune-oldest';

/** How long a burst of title and area changes is gathered: one alert per room per minute. */
export const ROOM_CHANGE_WINDOW_MS = 60_000;

/** One look at a room's title and area; a field left out was not in the observation (V1 has no area). */
export interface RoomLook {
  roomId: number;
  title?: string;
  area?: string;
}

/** What the watch needs: timers, and where a settled change goes. */
export interface RoomChangePorts {
  /** Runs `fn` after `ms`; returns a cancel function. */
  setTimer: (fn: () => void, ms: number) => () => void;
  /** A burst settled with a real change (the value before it → the last one). */
  changed: (roomId: number, change: RoomChange) => void;
}

type Known = Omit<RoomLook, 'roomId'>;

/**
 * Title and area changes per room, from webhooks and polls alike: the first look at a room is its
 * baseline; a change starts a burst that gathers every change for a minute, and at its end one
 * alert says what differs from before the burst (the last value wins; changed back: no alert).
 */
export class RoomChanges {
  readonly #ports: RoomChangePorts;
  readonly #known = new Map<number, Known>();
  readonly #bursts = new Map<number, { before: Known; cancel: () => void }>();

  constructor(ports: RoomChangePorts) {
    this.#ports = ports;
  }

  /** How many rooms' last looks are held (bounded: ROOMS_KEPT). */
  get size(): number {
    return this.#known.size;
  }

  /** Takes one observation of a room. */
  look(look: RoomLook): void {
    const known = this.#known.get(look.roomId);
    const next: Known = { ...known };
    if (look.title !== undefined) next.title = look.title;
    if (look.area !== undefined) next.area = look.area;
    this.#known.set(look.roomId, next);
    if (!known) pruneOldest(this.#known, ROOMS_KEPT);
    if (!known || !differs(known, next) || this.#bursts.has(look.roomId)) return;
    const cancel = this.#ports.setTimer(() => this.#settle(look.roomId), ROOM_CHANGE_WINDOW_MS);
    this.#bursts.set(look.roomId, { before: known, cancel });
  }

  /** Drops every burst in progress (at stop). */
  stop(): void {
    for (const burst of this.#bursts.values()) burst.cancel();
    this.#bursts.clear();
  }

  #settle(roomId: number): void {
    const burst = this.#bursts.get(roomId);
    this.#bursts.delete(roomId);
    const now = this.#known.get(roomId);
    if (!burst || !now) return;
    const change: RoomChange = {};
    const { before } = burst;
    if (before.title !== undefined && now.title !== undefined && before.title !== now.title)
      change.title = { from: before.title, to: now.title };
    if (before.area !== undefined && now.area !== undefined && before.area !== now.area)
      change.area = { from: before.area, to: now.area };
    if (change.title || change.area) this.#ports.changed(roomId, change);
  }
}

function differs(a: Known, b: Known): boolean {
  return (
    (a.title !== undefined && b.title !== a.title) || (a.area !== undefined && b.area !== a.area)
  );
}

/** A room's area as one text: "parent · child", as the popups write it. */
export function areaText(parent: string | undefined, child: string | undefined): string {
  return [parent, child].filter(Boolean).join(' · ');
}
