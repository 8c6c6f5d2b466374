import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, mainWindowOptions } from '../../main/electron/window-options';

describe('mainWindowOptions', () => {
  const production = mainWindowOptions({
    preloadPath: '/app/dist/preload/preload.cjs',
    isDevelopment: false,
  });

  it('keeps the renderer isolated and sandboxed', () => {
    expect(production.webPreferences).toMatchObject({
      preload: '/app/dist/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('is at least 420×600 and shows only when ready', () => {
    expect(production).toMatchObject({ minWidth: 420, minHeight: 600, show: false });
    expect(production.width).toBeGreaterThanOrEqual(420);
    expect(production.height).toBeGreaterThanOrEqual(600);
  });

  it('has DevTools in development only', () => {
    expect(production.webPreferences?.devTools).toBe(false);
    expect(
      mainWindowOptions({ preloadPath: '/p', isDevelopment: true }).webPreferences?.devTools,
    ).toBe(true);
  });

  it('sets the icon only when given', () => {
    expect('icon' in production).toBe(false);
    expect(
      mainWindowOptions({ preloadPath: '/p', isDevelopment: false, iconPath: '/i.png' }).icon,
    ).toBe('/i.png');
  });
});

describe('CONTENT_SECURITY_POLICY', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

  it('starts from nothing and allows only the app itself', () => {
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
  });

  it('has no inline script, eval or remote host anywhere', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
  });
});
