import { describe, expect, it } from 'vitest';
import { attentionView } from '../../main/core/room-attention';
import { trayModel, type TrayMenuItem, type TrayState } from '../../main/core/tray-model';
import { quietEndsIn } from '../../main/electron/tray-state';
import type { AppState } from '../../shared/app-state';
import { defaultSettings } from '../../shared/settings';
import { sampleRoom } from '../fakes/app-state-sample';

const rooms = [
  sampleRoom({ roomId: 1, name: 'Alice', title: '', streaming: true }),
  sampleRoom({ roomId: 2, name: 'Zoe', title: '', streaming: true }),
];
const state = (overrides: Partial<TrayState> = {}): TrayState => ({
  rooms,
  recorderStatus: 'ok',
  paused: false,
  language: 'en',
  ...overrides,
});
const submenu = (menu: readonly TrayMenuItem[], id: string) => {
  const found = menu.find((item) => item.type === 'submenu' && item.id === id);
  return found?.type === 'submenu' ? found.items : [];
};
const labels = (items: readonly TrayMenuItem[]) =>
  items.flatMap((item) => (item.type === 'separator' ? [] : [item.label]));

describe('the tray and the tiers and quiet time', () => {
  it('lists favourites first among the live rooms, marked ★', () => {
    const live = submenu(trayModel(state({ favourites: [2] })).menu, 'live-rooms');
    expect(labels(live)).toEqual(['★ Zoe', 'Alice']);
    expect(labels(submenu(trayModel(state()).menu, 'live-rooms'))).toEqual(['Alice', 'Zoe']);
  });

  it('offers quiet for an hour or until the morning; "end" only while quiet, with a note (both languages)', () => {
    const items = submenu(trayModel(state()).menu, 'pause');
    expect(items.filter((i) => i.type === 'item' && i.action.kind === 'quiet')).toEqual([
      expect.objectContaining({ id: 'quiet-hour', action: { kind: 'quiet', until: 'hour' } }),
      expect.objectContaining({ id: 'quiet-morning', action: { kind: 'quiet', until: 'morning' } }),
      expect.objectContaining({ id: 'quiet-off', enabled: false }),
    ]);
    const quiet = submenu(trayModel(state({ quiet: true, language: 'zh-CN' })).menu, 'pause');
    expect(labels(quiet)).toContain('免打扰中');
    expect(quiet.find((i) => i.type === 'item' && i.id === 'quiet-off')).toMatchObject({
      enabled: true,
      label: '结束免打扰',
    });
  });

  it('the state says whether it is quiet now, from the daily window or "quiet until"', () => {
    const settings = defaultSettings().notifications;
    const now = new Date(2026, 10, 27, 23, 30).getTime();
    expect(attentionView(settings, now)).toEqual({ favourites: [], quiet: false });
    settings.quietHours.enabled = true;
    expect(attentionView(settings, now)).toMatchObject({
      quiet: true,
      quietEndsAt: new Date(2026, 10, 28, 8, 0).getTime(),
    });
    settings.quietHours.enabled = false;
    settings.quietUntil = now + 1;
    settings.favourites = [5];
    expect(attentionView(settings, now)).toEqual({
      favourites: [5],
      quiet: true,
      quietEndsAt: now + 1,
    });
  });
});

describe('the tray looks again when quiet time ends', () => {
  it('waits until the end in force, and not at all without one', () => {
    const at = (attention?: AppState['attention']) => ({ attention }) as AppState;
    expect(quietEndsIn(at({ favourites: [], quiet: true, quietEndsAt: 5000 }), 1000)).toBe(4000);
    expect(quietEndsIn(at({ favourites: [], quiet: false }), 1000)).toBeNull();
    expect(quietEndsIn(at(undefined), 1000)).toBeNull();
  });
});
