import { describe, expect, it } from 'vitest';
import { trayModel } from '../../main/core/tray-model';
import { withPopupHealth } from '../../main/electron/popup-health';
import { trayStateOf } from '../../main/electron/tray-state';
import { popupsBlockedText } from '../../shared/i18n/popups-blocked';
import { sampleAppState } from '../fakes/app-state-sample';

describe('withPopupHealth', () => {
  it('adds "popups are blocked" under "open window" while popups are blocked, opening the window', () => {
    const state = { ...sampleAppState(), language: 'en' as const, popups: { blocked: true } };
    const model = withPopupHealth(trayModel(trayStateOf(state, 0)), state, 'darwin');
    expect(model.menu.slice(0, 2).map((item) => ('id' in item ? item.id : item.type))).toEqual([
      'open-window',
      'popups-blocked',
    ]);
    expect(model.menu[1]).toMatchObject({
      label: '⚠ Popups are blocked by the system',
      action: { kind: 'openWindow' },
    });
  });

  it('leaves the menu alone when popups get through or nothing is known', () => {
    const state = sampleAppState();
    const model = trayModel(trayStateOf(state, 0));
    expect(withPopupHealth(model, state, 'linux')).toBe(model);
    expect(withPopupHealth(model, { ...state, popups: { blocked: false } }, 'linux')).toBe(model);
  });
});

describe('popupsBlockedText', () => {
  it('says where to allow popups on each OS, in both languages', () => {
    expect(popupsBlockedText('en', 'win32').hint).toMatch(/Settings → System → Notifications/);
    expect(popupsBlockedText('en', 'darwin').hint).toMatch(/not signed/);
    expect(popupsBlockedText('zh-CN', 'darwin').hint).toMatch(/系统设置 → 通知/);
    expect(popupsBlockedText('zh-CN', 'freebsd')).toEqual(popupsBlockedText('zh-CN', 'linux'));
  });
});
