import { describe, expect, it } from 'vitest';
import { roomHealth } from '../../../renderer/src/room-health';

describe('roomHealth', () => {
  it('reads a ratio near 1.0 as healthy', () => {
    expect(roomHealth(1)).toEqual({ kind: 'good' });
    expect(roomHealth(0.93)).toEqual({ kind: 'good' });
    expect(roomHealth(1.08)).toEqual({ kind: 'good' });
  });

  it('says when the recording falls behind or runs ahead', () => {
    expect(roomHealth(0.62)).toEqual({ kind: 'behind', ratio: 0.62 });
    expect(roomHealth(1.4)).toEqual({ kind: 'ahead', ratio: 1.4 });
  });

  it('has nothing to say for a room that is not recording', () => {
    expect(roomHealth(null)).toBeNull();
    expect(roomHealth(undefined)).toBeNull();
    expect(roomHealth(Number.NaN)).toBeNull();
  });
});
