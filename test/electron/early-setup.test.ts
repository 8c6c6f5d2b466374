import { describe, expect, it } from 'vitest';
import { earlySetup, TOAST_ACTIVATOR_CLSID } from '../../main/electron/early-setup';

function run(platform: NodeJS.Platform) {
  const calls: string[] = [];
  earlySetup({
    platform,
    setApplicationMenu: (menu) => calls.push(`menu ${String(menu)}`),
    setToastActivatorCLSID: (id) => calls.push(`clsid ${id}`),
  });
  return calls;
}

describe('earlySetup', () => {
  it('removes the default menu on Windows and Linux and fixes the toast CLSID on Windows', () => {
    expect(run('win32')).toEqual(['menu null', `clsid ${TOAST_ACTIVATOR_CLSID}`]);
    expect(run('linux')).toEqual(['menu null']);
  });

  it('keeps macOS default menu (copy and paste in the window) and touches no CLSID', () => {
    expect(run('darwin')).toEqual([]);
  });

  it('uses a CLSID in the brace-wrapped form Electron prefers', () => {
    expect(TOAST_ACTIVATOR_CLSID).toMatch(/^\{[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}\}$/);
  });
});
