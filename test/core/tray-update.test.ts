import { describe, expect, it } from 'vitest';
import { trayModel, trayTooltip, type TrayState } from '../../main/core/tray-model';

function state(overrides: Partial<TrayState> = {}): TrayState {
  return { rooms: [], recorderStatus: 'ok', paused: false, language: 'en', ...overrides };
}

describe('the tray and updates', () => {
  it('names the running version after the app in the tooltip', () => {
    expect(trayTooltip(state({ version: '0.1.0' })).split('\n')[0]).toBe('Recorder Tray 0.1.0');
    expect(trayTooltip(state()).split('\n')[0]).toBe('Recorder Tray');
  });

  it('offers "Restart to update to vX" under "Open window" while an update waits', () => {
    const menu = trayModel(state({ update: '0.2.0' })).menu;
    expect(menu[1]).toEqual({
      type: 'item',
      id: 'install-update',
      label: 'Restart to update to v0.2.0',
      enabled: true,
      action: { kind: 'installUpdate' },
    });
    const zh = trayModel(state({ update: '0.2.0', language: 'zh-CN' })).menu[1];
    expect(zh?.type === 'item' && zh.label).toBe('重启以更新到 v0.2.0');
  });

  it('says "a new version is ready: install" for a .deb and "Download" for a Mac build that cannot update', () => {
    const label = (overrides: Partial<TrayState>) => {
      const item = trayModel(state({ update: '0.2.0', ...overrides })).menu[1];
      return item?.type === 'item' ? [item.id, item.label, item.action] : undefined;
    };
    expect(label({ updateAction: 'install' })).toEqual([
      'install-update',
      'A new version is ready: install v0.2.0',
      { kind: 'installUpdate' },
    ]);
    expect(label({ updateAction: 'download', language: 'zh-CN' })).toEqual([
      'install-update',
      '下载新版本 v0.2.0',
      { kind: 'installUpdate' },
    ]);
    expect(label({ updateAction: 'restart' })?.[1]).toBe('Restart to update to v0.2.0');
  });

  it('has no such item otherwise', () => {
    const ids = trayModel(state()).menu.map((item) => (item.type === 'separator' ? '' : item.id));
    expect(ids).not.toContain('install-update');
  });
});
