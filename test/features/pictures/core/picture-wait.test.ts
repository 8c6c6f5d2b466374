import { describe, expect, it } from 'vitest';
import { PICTURE_WAIT_MS, PictureWait } from '../../../../main/features/pictures/core/picture-wait';
import type { AppNotification } from '../../../../shared/model';
import { FakeClock } from '../../../fakes/core-harness';

const goLive = { id: 'n1', event: 'StreamStarted', roomIds: [7] } as AppNotification;

/** A wait over a fake clock; `fetching` rooms have a fetch under way until `arrive`. */
function setUp(fetching: Set<number> | undefined) {
  const clock = new FakeClock();
  const listeners = new Map<number, () => void>();
  const shown: number[] = [];
  const wait = new PictureWait({
    clock: clock.read,
    setTimer: clock.setTimer,
    awaitPictures: fetching
      ? (roomId, ready) => {
          if (!fetching.has(roomId)) return undefined;
          listeners.set(roomId, ready);
          return () => listeners.delete(roomId);
        }
      : undefined,
  });
  const show = () => shown.push(clock.now);
  const arrive = (roomId: number) => listeners.get(roomId)?.();
  return { clock, wait, shown, show, arrive, listeners };
}

describe('PictureWait', () => {
  it('shows at once when nothing is being fetched, or there is no way to know', () => {
    for (const fetching of [undefined, new Set<number>()]) {
      const { clock, wait, shown, show } = setUp(fetching);
      wait.hold(goLive, clock.now, show);
      expect(shown).toEqual([clock.now]);
      expect(wait.size).toBe(0);
    }
  });

  it('holds a go-live until its pictures are in, then shows it once', () => {
    const { clock, wait, shown, show, arrive, listeners } = setUp(new Set([7]));
    const offered = clock.now;
    wait.hold(goLive, offered, show);
    expect(shown).toEqual([]);
    expect(wait.size).toBe(1);
    clock.advance(300);
    arrive(7);
    expect(shown).toEqual([offered + 300]);
    expect(listeners.size).toBe(0);
    clock.advance(PICTURE_WAIT_MS);
    expect(shown).toHaveLength(1);
  });

  it('shows it without pictures at PICTURE_WAIT_MS after it was offered', () => {
    const { clock, wait, shown, show, listeners } = setUp(new Set([7]));
    const offered = clock.now;
    clock.advance(500); // a grouping hold of half a second went before
    wait.hold(goLive, offered, show);
    clock.advance(PICTURE_WAIT_MS - 501);
    expect(shown).toEqual([]);
    clock.advance(1);
    expect(shown).toEqual([offered + PICTURE_WAIT_MS]);
    expect(listeners.size).toBe(0);
  });

  it('does not wait after a grouping hold as long as the wait', () => {
    const { clock, wait, shown, show } = setUp(new Set([7]));
    const offered = clock.now;
    clock.advance(2000);
    wait.hold(goLive, offered, show);
    expect(shown).toEqual([offered + 2000]);
  });

  it('shows what waits at a flush (shutdown)', () => {
    const { clock, wait, shown, show } = setUp(new Set([7]));
    wait.hold(goLive, clock.now, show);
    wait.flush();
    expect(shown).toHaveLength(1);
    expect(wait.size).toBe(0);
  });

  it('shows once when the pictures are ready while it is asked', () => {
    const clock = new FakeClock();
    const shown: string[] = [];
    let unsubscribed = 0;
    const wait = new PictureWait({
      clock: clock.read,
      setTimer: clock.setTimer,
      awaitPictures: (_roomId, ready) => {
        ready();
        return () => void (unsubscribed += 1);
      },
    });
    wait.hold(goLive, clock.now, () => shown.push('shown'));
    clock.advance(PICTURE_WAIT_MS);
    expect(shown).toEqual(['shown']);
    expect(unsubscribed).toBe(1);
  });
});
