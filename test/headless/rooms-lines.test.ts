import { describe, expect, it } from 'vitest';
import type { RoomState } from '../../shared/model';
import { createRoomsLines, ROOMS_LINE_GAP_MS } from '../../main/headless/rooms-lines';
import type { OutputLine } from '../../main/headless/output';

/** A clock the test moves by hand, with the timers it holds. */
function manualClock() {
  let now = 0;
  let timers: { at: number; run: () => void }[] = [];
  return {
    now: () => now,
    later(run: () => void, ms: number) {
      const timer = { at: now + ms, run };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
    advance(ms: number) {
      now += ms;
      const due = timers.filter((t) => t.at <= now);
      timers = timers.filter((t) => t.at > now);
      for (const t of due) t.run();
    },
    pending: () => timers.length,
  };
}

const room = (roomId: number, streaming: boolean) =>
  ({ roomId, streaming, recording: streaming }) as unknown as RoomState;

describe('rooms lines', () => {
  it('prints the first change at once, then at most one line a second with the newest list', () => {
    const clock = manualClock();
    const lines: OutputLine[] = [];
    const rooms = createRoomsLines((l) => lines.push(l), clock);
    rooms.offer(() => [room(1, true)]);
    expect(lines).toEqual([{ type: 'rooms', rooms: [room(1, true)] }]);
    for (let i = 0; i < 100; i++) {
      clock.advance(5);
      rooms.offer(() => [room(1, i % 2 === 0), room(2, true)]);
    }
    expect(lines).toHaveLength(1); // 500 ms in: held
    clock.advance(ROOMS_LINE_GAP_MS - 500);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toEqual({ type: 'rooms', rooms: [room(1, false), room(2, true)] });
    expect(clock.pending()).toBe(0);
  });

  it('prints nothing when the list is the same as the last one printed', () => {
    const clock = manualClock();
    const lines: OutputLine[] = [];
    const rooms = createRoomsLines((l) => lines.push(l), clock);
    rooms.offer(() => [room(1, true)]);
    clock.advance(2000);
    rooms.offer(() => [room(1, true)]);
    rooms.offer(() => [room(1, false)]); // a change over a second after the last line: at once
    expect(lines.map((l) => (l.rooms as RoomState[])[0]!.streaming)).toEqual([true, false]);
    // A change and its undoing within one second: nothing new to say.
    rooms.offer(() => [room(1, true)]);
    rooms.offer(() => [room(1, false)]);
    clock.advance(ROOMS_LINE_GAP_MS);
    expect(lines).toHaveLength(2);
  });

  it('flush prints what is held at once (at stop)', () => {
    const clock = manualClock();
    const lines: OutputLine[] = [];
    const rooms = createRoomsLines((l) => lines.push(l), clock);
    rooms.offer(() => [room(1, true)]);
    rooms.offer(() => [room(1, false)]);
    expect(lines).toHaveLength(1);
    rooms.flush();
    expect(lines).toHaveLength(2);
    expect(clock.pending()).toBe(0);
    rooms.flush(); // nothing held: nothing printed
    expect(lines).toHaveLength(2);
  });
});
