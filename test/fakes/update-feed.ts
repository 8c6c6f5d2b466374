// A release feed as electron-builder publishes it (https://www.electron.build/auto-update.html):
// latest.yml (Windows, NSIS), latest-linux.yml (AppImage) and the installers they name, with each
// file's sha512 (base64, as electron-builder writes it). Served on loopback under two folders: the
// app's configured feed (/releases/) and a mirror (/mirror/), both the same files.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppAdapter } from 'electron-updater/out/AppAdapter';
import { serveOnLoopback } from '../helpers/http';

/** The running feed: its folders, what it was asked for, and the artifacts' bytes. */
export interface UpdateFeed {
  /** The feed the app's app-update.yml names. */
  releasesUrl: string;
  /** The same files under another folder (the `updates.feedUrl` setting). */
  mirrorUrl: string;
  /** Every request's path (query dropped), in order. */
  requests: string[];
  appImage: Buffer;
  setup: Buffer;
}

const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

/** latest.yml / latest-linux.yml in electron-builder's layout. */
function feedYml(version: string, file: string, bytes: Buffer, checksumOf: Buffer, notes: string) {
  return [
    `version: ${version}`,
    'files:',
    `  - url: ${file}`,
    `    sha512: ${sha512(checksumOf)}`,
    `    size: ${bytes.length}`,
    `path: ${file}`,
    `sha512: ${sha512(checksumOf)}`,
    `releaseDate: '2026-11-24T12:00:00.000Z'`,
    `releaseNotes: ${JSON.stringify(notes)}`,
    '',
  ].join('\n');
}

/** Starts the feed; `wrongChecksum` publishes sha512 values that do not match the files. */
export async function startUpdateFeed(
  cleanups: (() => Promise<void>)[],
  options: {
    version: string;
    wrongChecksum?: boolean;
    notes?: string;
    /** The AppImage's bytes (default: random; a script when a test lets electron-updater run it). */
    appImage?: Buffer;
  },
): Promise<UpdateFeed> {
  const appImage = options.appImage ?? randomBytes(96 * 1024);
  const setup = randomBytes(64 * 1024);
  const notes = options.notes ?? '<h3>Fixed</h3><ul><li>Popups on Windows</li></ul>';
  const other = randomBytes(16);
  const appImageName = `Recorder-Tray-${options.version}.AppImage`;
  const setupName = `Recorder-Tray-Setup-${options.version}.exe`;
  const files = new Map<string, Buffer>([
    [appImageName, appImage],
    [setupName, setup],
    [
      'latest-linux.yml',
      Buffer.from(
        feedYml(
          options.version,
          appImageName,
          appImage,
          options.wrongChecksum ? other : appImage,
          notes,
        ),
      ),
    ],
    [
      'latest.yml',
      Buffer.from(
        feedYml(options.version, setupName, setup, options.wrongChecksum ? other : setup, notes),
      ),
    ],
  ]);
  const requests: string[] = [];
  const base = await serveOnLoopback((req, res) => {
    const path = new URL(req.url ?? '/', 'http://feed').pathname;
    requests.push(path);
    const name = /^\/(?:releases|mirror)\/([^/]+)$/.exec(path)?.[1];
    const body = name === undefined ? undefined : files.get(decodeURIComponent(name));
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-length': body.length }).end(body);
  }, cleanups);
  return {
    releasesUrl: `${base}/releases/`,
    mirrorUrl: `${base}/mirror/`,
    requests,
    appImage,
    setup,
  };
}

/**
 * Electron's `app` as electron-updater sees it (its AppAdapter), in a temp folder: packaged, with
 * the app-update.yml electron-builder writes into the resources (here: a generic feed, standing in
 * for the GitHub provider, which cannot be pointed at loopback).
 */
export async function fakeUpdaterApp(
  dir: string,
  version: string,
  feedUrl: string,
): Promise<AppAdapter & { quits: number }> {
  const resources = join(dir, 'resources');
  await mkdir(resources, { recursive: true });
  const appUpdateConfigPath = join(resources, 'app-update.yml');
  await writeFile(
    appUpdateConfigPath,
    `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: recorder-tray-updater\n`,
  );
  const adapter = {
    version,
    name: 'Recorder Tray',
    isPackaged: true,
    appUpdateConfigPath,
    userDataPath: join(dir, 'userData'),
    baseCachePath: join(dir, 'cache'),
    quits: 0,
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => void adapter.quits++,
    onQuit: () => undefined,
  };
  return adapter;
}
