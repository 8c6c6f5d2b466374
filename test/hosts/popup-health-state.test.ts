import { describe, expect, it } from 'vitest';
import { PopupHealthState } from '../../main/hosts/popup-health-state';

describe('PopupHealthState', () => {
  it('is absent until the notifier reports, then carries blocked and the reason', () => {
    const health = new PopupHealthState();
    let changes = 0;
    const off = health.onChange(() => (changes += 1));
    expect(health.read()).toEqual({});
    health.set({ blocked: true, reason: 'denied' });
    expect(health.read()).toEqual({ popups: { blocked: true, reason: 'denied' } });
    health.set({ blocked: false });
    expect(health.read()).toEqual({ popups: { blocked: false } });
    off();
    health.set({ blocked: true });
    expect(changes).toBe(2);
  });
});
