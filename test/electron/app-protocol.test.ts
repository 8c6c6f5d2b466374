import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_SCHEME_PRIVILEGES,
  createAppProtocolHandler,
  isAppUrl,
  resolveAppPath,
} from '../../main/electron/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../main/electron/window-options';

const root = path.resolve('/srv/app/dist/renderer');

describe('resolveAppPath', () => {
  it('maps app URLs to files inside the renderer folder', () => {
    expect(resolveAppPath(root, APP_ENTRY_URL)).toBe(path.join(root, 'index.html'));
    expect(resolveAppPath(root, 'app://recorder-tray/')).toBe(path.join(root, 'index.html'));
    expect(resolveAppPath(root, 'app://recorder-tray/assets/index-abc.js?v=1#x')).toBe(
      path.join(root, 'assets', 'index-abc.js'),
    );
    expect(resolveAppPath(root, 'app://recorder-tray/assets/%E5%9B%BE.png')).toBe(
      path.join(root, 'assets', '图.png'),
    );
  });

  it('lets the URL parser remove dot segments, so they stay inside the folder', () => {
    // WHATWG URL parsing (Chromium's and Node's) resolves `..` and `%2e%2e` before we see the path.
    expect(resolveAppPath(root, 'app://recorder-tray/../../etc/passwd')).toBe(
      path.join(root, 'etc', 'passwd'),
    );
    expect(resolveAppPath(root, 'app://recorder-tray/%2e%2e/%2e%2e/etc/passwd')).toBe(
      path.join(root, 'etc', 'passwd'),
    );
  });

  it.each([
    'app://recorder-tray/assets/..%2f..%2f..%2fetc%2fpasswd',
    'app://recorder-tray/assets/..%5c..%5cwindows%5cwin.ini',
    'app://recorder-tray/C:/Windows/win.ini',
    'app://recorder-tray/%5c%5cserver%5cshare%5cx',
    'app://recorder-tray/index.html%00.png',
    'app://recorder-tray/%E0%A4%A',
    'app://other/index.html',
    'file:///etc/passwd',
    'https://recorder-tray/index.html',
    'not a url',
  ])('refuses %s', (url) => {
    expect(resolveAppPath(root, url)).toBeNull();
  });

  it('registers app:// as a standard, secure scheme that can serve module scripts', () => {
    expect(APP_SCHEME_PRIVILEGES).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
      },
    ]);
  });

  it('recognises the app origin', () => {
    expect(isAppUrl(APP_ENTRY_URL)).toBe(true);
    expect(isAppUrl('app://recorder-tray.evil/index.html')).toBe(false);
    expect(isAppUrl('app://user@recorder-tray/')).toBe(true); // same host; credentials are harmless here
  });
});

describe('createAppProtocolHandler', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'app-protocol-'));
    await mkdir(path.join(dir, 'renderer', 'assets'), { recursive: true });
    await writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>ok</title>');
    await writeFile(path.join(dir, 'renderer', 'assets', 'main.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'renderer', 'notes.txt'), 'no type');
    await writeFile(path.join(dir, 'secret.json'), '{"token":"s3cret"}');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the page with the CSP header and a content type', async () => {
    const handler = createAppProtocolHandler(path.join(dir, 'renderer'));
    const response = await handler(new Request(APP_ENTRY_URL));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response.text()).toContain('<title>ok</title>');
    const script = await handler(new Request('app://recorder-tray/assets/main.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers 404 for files outside the folder, missing files and unknown types', async () => {
    const handler = createAppProtocolHandler(path.join(dir, 'renderer'));
    for (const url of [
      'app://recorder-tray/..%2fsecret.json',
      'app://recorder-tray/missing.js',
      'app://recorder-tray/notes.txt',
    ]) {
      const response = await handler(new Request(url));
      expect(response.status, url).toBe(404);
      expect(await response.text()).not.toContain('s3cret');
    }
  });

  it('refuses methods other than GET and HEAD', async () => {
    const handler = createAppProtocolHandler(path.join(dir, 'renderer'));
    const response = await handler(new Request(APP_ENTRY_URL, { method: 'POST', body: 'x' }));
    expect(response.status).toBe(405);
  });
});
