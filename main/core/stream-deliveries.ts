import type { Happening } from './happening';

/** The happenings whose delivery is noted (`StreamDeliveries.note`): a room going live, or ending. */
export const STREAM_EDGES: ReadonlySet<Happening['kind']> = new Set([
  'StreamStarted',
  'StreamEnded',
]);

interface StreamRoom {
  recorderId: string;
  roomId: number;
  /** The delivery that made the room live, then also the one that ended it. */
  seqs: number[];
  /** When the end was received (epoch ms); undefined while the room is live. */
  endedAt?: number;
}

/**
 * The journal seqs of the deliveries the room state needs to tell a hot standby's report of a
 * stream it knows, per recorder: the go-live of each room while it stays live, and the go-live and
 * end of a room for a while after it ended (`keepEndedMs`, the same-stream window). The
 * deliveries' pruning spares those however old, so that the state rebuilt at start still knows
 * them. Without it, the other recorder's go-live after a restart was news again: the first
 * recorder's go-live had been pruned (while the room was live, chaos seed 791504; or just after it
 * ended, when the other recorder's copy came late, chaos seed 670074).
 */
export class StreamDeliveries {
  readonly #rooms = new Map<string, StreamRoom>();

  /**
   * Notes what one delivery's happenings did (`receivedAt`: when it came): a go-live names the
   * delivery, an end adds its own and starts the room's time after the end.
   */
  note(
    happenings: readonly Happening[],
    seq: number,
    recorderId: string,
    receivedAt: number,
  ): void {
    for (const { kind, roomId } of happenings) {
      const key = `${recorderId}\u0000${roomId}`;
      if (kind === 'StreamStarted') this.#rooms.set(key, { recorderId, roomId, seqs: [seq] });
      else if (kind === 'StreamEnded') {
        const live = this.#rooms.get(key);
        const seqs = live !== undefined && live.endedAt === undefined ? [...live.seqs, seq] : [seq];
        this.#rooms.set(key, { recorderId, roomId, seqs, endedAt: receivedAt });
      }
    }
  }

  /**
   * The seqs of the rooms `isLive` still says are live, and of those that ended at most
   * `keepEndedMs` before `now`; the others are forgotten (a poll may have seen a room end that no
   * webhook told).
   */
  seqs(
    isLive: (recorderId: string, roomId: number) => boolean,
    now: number,
    keepEndedMs: number,
  ): number[] {
    const seqs: number[] = [];
    for (const [key, room] of this.#rooms) {
      const kept =
        room.endedAt === undefined
          ? isLive(room.recorderId, room.roomId)
          : now - room.endedAt <= keepEndedMs;
      if (kept) seqs.push(...room.seqs);
      else this.#rooms.delete(key);
    }
    return seqs;
  }
}
