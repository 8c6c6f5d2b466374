import type { Happening } from './happening';

interface LiveRoom {
  recorderId: string;
  roomId: number;
  seq: number;
}

/**
 * The journal seq of the delivery that made each room live, per recorder, while the room stays
 * live: the deliveries' upkeep spares those however old, so that the room state rebuilt at start
 * still knows a stream that began before the kept window. Without it, a hot standby's second
 * go-live after a restart was news again: the first recorder's go-live had been pruned.
 */
export class LiveDeliveries {
  readonly #rooms = new Map<string, LiveRoom>();

  /** Notes what one delivery's happenings did: a go-live names the delivery, an end forgets it. */
  note(happenings: readonly Happening[], seq: number, recorderId: string): void {
    for (const { kind, roomId } of happenings) {
      const key = `${recorderId}\u0000${roomId}`;
      if (kind === 'StreamStarted') this.#rooms.set(key, { recorderId, roomId, seq });
      else if (kind === 'StreamEnded') this.#rooms.delete(key);
    }
  }

  /**
   * The seqs of the rooms `isLive` still says are live; the others are forgotten (a poll may have
   * seen a room end that no webhook told).
   */
  seqs(isLive: (recorderId: string, roomId: number) => boolean): number[] {
    const seqs: number[] = [];
    for (const [key, room] of this.#rooms) {
      if (isLive(room.recorderId, room.roomId)) seqs.push(room.seq);
      else this.#rooms.delete(key);
    }
    return seqs;
  }
}
