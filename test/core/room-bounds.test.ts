import { describe, expect, test } from 'vitest';
import { RoomChanges } from '../../main/core/room-changes';
import { RoomRegistry } from '../../main/core/room-registry';
import { ROOMS_KEPT, slackFor } from '../../main/core/prune-oldest';

// Issue 21: webhooks naming ever new rooms must not grow per-room memory without end.
describe('per-room memory under a flood of new rooms', () => {
  const observe = (registry: RoomRegistry, roomId: number, at: number, live?: boolean) =>
    registry.observe({
      roomId,
      ticks: BigInt(at) * 10_000n,
      at,
      fields: { name: `room ${roomId}` },
      ...(live !== undefined ? { live } : {}),
    });

  test('the registry keeps about ROOMS_KEPT rooms, dropping the first seen, never a live one', () => {
    const registry = new RoomRegistry('nas');
    observe(registry, 1, 1, true); // live from the start: kept whatever comes after
    observe(registry, 2, 2); // not live: among the first to go
    for (let i = 0; i < ROOMS_KEPT * 3; i++) observe(registry, 1_000 + i, 10 + i);
    const ids = registry.list().map((room) => room.roomId);
    expect(ids.length).toBeLessThanOrEqual(ROOMS_KEPT + slackFor(ROOMS_KEPT));
    expect(ids.length).toBeGreaterThanOrEqual(ROOMS_KEPT);
    expect(ids).toContain(1);
    expect(ids).not.toContain(2);
    expect(ids).toContain(1_000 + ROOMS_KEPT * 3 - 1); // the newest
    expect(registry.get(1)?.streaming).toBe(true);
  });

  test('room changes remember the last look of about ROOMS_KEPT rooms', () => {
    const changed: number[] = [];
    const timers: (() => void)[] = [];
    const changes = new RoomChanges({
      setTimer: (fn) => {
        timers.push(fn);
        return () => undefined;
      },
      changed: (roomId) => changed.push(roomId),
    });
    const newest = ROOMS_KEPT * 3 - 1;
    for (let i = 0; i <= newest; i++) changes.look({ roomId: i, title: 'a' });
    expect(changes.size).toBeLessThanOrEqual(ROOMS_KEPT + slackFor(ROOMS_KEPT));
    // The first room's look was forgotten: a new title for it is a first look, not a change; the
    // newest room's is held: a new title is a change once its burst settles.
    changes.look({ roomId: 0, title: 'b' });
    changes.look({ roomId: newest, title: 'b' });
    for (const settle of timers) settle();
    expect(changed).toEqual([newest]);
  });
});
