import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CustomScheme, Protocol } from 'electron';
import { PICTURE_ROUTE } from '../../shared/picture-key';
import { readPictureFile } from '../features/pictures/adapters/picture-file';
import { CONTENT_SECURITY_POLICY } from './window-options';

/** The window's own scheme: its pages load from `app://recorder-tray/…`, never from `file://`. */
export const APP_SCHEME = 'app';
/** The one host of the app scheme. */
export const APP_HOST = 'recorder-tray';
/** The URL the main window loads. */
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Privileges of the app scheme, for `protocol.registerSchemesAsPrivileged` before `app` is ready:
 * standard (real origins, relative URLs), secure (like https), fetch, and CORS, which Chromium
 * requires of a custom scheme before it loads `<script type="module" crossorigin>` from it (Vite's
 * output). Nothing else can read app:// in return: responses carry no Access-Control-Allow-Origin.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme[] = [
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
  },
];

/** Whether a URL belongs to the app's own pages (IPC sender check, navigation checks). */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/**
 * Maps an `app://` URL to a file inside `rootDir`, or null when the URL is not ours or would
 * leave the folder (`..`, encoded slashes, NUL, drive letters, UNC paths).
 */
export function resolveAppPath(rootDir: string, url: string): string | null {
  if (!isAppUrl(url)) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url).pathname);
  } catch {
    return null; // malformed percent-encoding
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  if (pathname === '/' || pathname === '') pathname = '/index.html';
  const segments = pathname.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '..' || segment === '.' || /^[A-Za-z]:/.test(segment)))
    return null;
  const root = path.resolve(rootDir);
  const resolved = path.resolve(root, ...segments);
  const relative = path.relative(root, resolved);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return resolved;
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/** The files the protocol handler reads; a seam so tests can count reads. */
export type ReadAppFile = (filePath: string) => Promise<Uint8Array>;

/**
 * Builds the `app://` request handler: files from `rootDir` only, each with the CSP header, and
 * the rooms' cached pictures from `picturesDir` under `/pictures/<key>` (a key, never a path).
 */
export function createAppProtocolHandler(
  rootDir: string,
  read: ReadAppFile = (filePath) => readFile(filePath),
  picturesDir?: string,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const headers = {
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
    };
    const notFound = () => new Response('Not found', { status: 404, headers });
    const found = (bytes: Uint8Array, contentType: string) =>
      new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), {
        status: 200,
        headers: { ...headers, 'Content-Type': contentType },
      });
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers });
    }
    const picture = pictureKeyOfUrl(request.url);
    if (picturesDir !== undefined && picture !== undefined) {
      const file = await readPictureFile(picturesDir, picture);
      return file ? found(file.bytes, file.contentType) : notFound();
    }
    const filePath = resolveAppPath(rootDir, request.url);
    if (filePath === null) return notFound();
    const contentType = CONTENT_TYPES[path.extname(filePath).toLowerCase()];
    if (contentType === undefined) return notFound();
    try {
      return found(await read(filePath), contentType);
    } catch {
      return notFound();
    }
  };
}

/** The key asked for under `app://recorder-tray/pictures/`, or undefined for any other URL. */
function pictureKeyOfUrl(url: string): string | undefined {
  if (!isAppUrl(url)) return undefined;
  const { pathname } = new URL(url);
  return pathname.startsWith(PICTURE_ROUTE) ? pathname.slice(PICTURE_ROUTE.length) : undefined;
}

/**
 * Serves the built renderer from `rootDir` on `app://`, and the cached room pictures from
 * `picturesDir`; call once the app is ready.
 */
export function registerAppProtocol(
  protocol: Pick<Protocol, 'handle'>,
  rootDir: string,
  picturesDir?: string,
): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(rootDir, undefined, picturesDir));
}
