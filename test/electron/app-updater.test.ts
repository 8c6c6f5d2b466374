import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppImageUpdater } from 'electron-updater';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpdateSettings } from '../../shared/settings';
import { AppUpdates, type ReadyUpdate } from '../../main/electron/app-updater';
import { useNodeHttp } from '../fakes/node-http-executor';
import { memoryLogger } from '../fakes/silent-logger';
import { fakeUpdaterApp, startUpdateFeed, type UpdateFeed } from '../fakes/update-feed';

// The acceptance test of issue 23's updater: electron-updater's real AppImageUpdater (the one the
// app runs on Linux) with Electron's app object faked at its seam (AppAdapter) and Node's http in
// place of Electron's net, against a loopback feed in electron-builder's format.

const cleanups: (() => Promise<void>)[] = [];
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'app-updater-'));
  // The running AppImage electron-updater replaces (it reads $APPIMAGE, as the AppImage runtime sets it).
  const current = join(dir, 'Recorder-Tray-0.1.0.AppImage');
  await writeFile(current, 'the running version');
  vi.stubEnv('APPIMAGE', current);
});

afterEach(async () => {
  vi.unstubAllEnvs();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await rm(dir, { recursive: true, force: true });
});

/** AppUpdates over a real AppImageUpdater; records what it tells and what it keeps. */
async function updatesFor(feed: UpdateFeed, settings: UpdateSettings, told?: string) {
  const adapter = await fakeUpdaterApp(dir, '0.1.0', feed.releasesUrl);
  const made: AppImageUpdater[] = [];
  const ready: { update: ReadyUpdate; announce: boolean }[] = [];
  const kept: string[] = [];
  const log = memoryLogger();
  const updates = new AppUpdates({
    updater: () => {
      const updater = new AppImageUpdater(null, adapter);
      useNodeHttp(updater);
      made.push(updater);
      return updater;
    },
    settings: () => settings,
    currentVersion: '0.1.0',
    told,
    saveTold: (version) => kept.push(version),
    onReady: (update, announce) => ready.push({ update, announce }),
    log,
  });
  return { updates, made, ready, kept, log };
}

describe('AppUpdates over electron-updater', () => {
  it('finds the newer version, downloads it, verifies its sha512 and tells once', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { updates, ready, kept } = await updatesFor(feed, { check: true, feedUrl: '' });

    expect(await updates.checkNow()).toEqual({ kind: 'downloaded', version: '0.2.0' });
    expect(feed.requests).toContain('/releases/latest-linux.yml');
    expect(feed.requests).toContain('/releases/Recorder-Tray-0.2.0.AppImage');
    const downloaded = join(
      dir,
      'cache',
      'recorder-tray-updater',
      'pending',
      'Recorder-Tray-0.2.0.AppImage',
    );
    expect((await readFile(downloaded)).equals(feed.appImage)).toBe(true);
    expect(ready).toEqual([
      {
        update: { version: '0.2.0', notes: 'Fixed\n• Popups on Windows', action: 'restart' },
        announce: true,
      },
    ]);
    expect(kept).toEqual(['0.2.0']);
    expect(updates.ready()?.version).toBe('0.2.0');

    // The 6-hourly check finds the same version: ready again, not announced again.
    expect(await updates.checkNow()).toEqual({ kind: 'downloaded', version: '0.2.0' });
    expect(ready.map((r) => r.announce)).toEqual([true, false]);
    expect(kept).toEqual(['0.2.0']);
  });

  it('refuses a download whose sha512 does not match the feed, and tells nothing', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0', wrongChecksum: true });
    const { updates, ready, kept, log } = await updatesFor(feed, { check: true, feedUrl: '' });

    const outcome = await updates.checkNow();
    expect(outcome.kind).toBe('failed');
    expect(outcome.kind === 'failed' && outcome.message).toMatch(/sha512 checksum mismatch/);
    expect(feed.requests).toContain('/releases/Recorder-Tray-0.2.0.AppImage');
    expect(ready).toEqual([]);
    expect(kept).toEqual([]);
    expect(updates.ready()).toBeUndefined();
    const pending = join(
      dir,
      'cache',
      'recorder-tray-updater',
      'pending',
      'Recorder-Tray-0.2.0.AppImage',
    );
    expect(existsSync(pending)).toBe(false);
    expect(log.lines.join('\n')).toMatch(/warn updates: sha512 checksum mismatch/);
  });

  it('makes no request at all, and no updater, while the setting is off', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { updates, made, ready } = await updatesFor(feed, { check: false, feedUrl: '' });

    expect(await updates.checkNow()).toEqual({ kind: 'off' });
    updates.start();
    updates.stop();
    expect(made).toEqual([]);
    expect(feed.requests).toEqual([]);
    expect(ready).toEqual([]);
  });

  it('reads a mirror named by updates.feedUrl instead of the built-in feed', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.3.0' });
    const { updates, ready } = await updatesFor(feed, { check: true, feedUrl: feed.mirrorUrl });

    expect(await updates.checkNow()).toEqual({ kind: 'downloaded', version: '0.3.0' });
    expect(feed.requests).toContain('/mirror/latest-linux.yml');
    expect(feed.requests).toContain('/mirror/Recorder-Tray-0.3.0.AppImage');
    expect(feed.requests.filter((path) => path.startsWith('/releases/'))).toEqual([]);
    expect(ready.map((r) => r.update.version)).toEqual(['0.3.0']);
  });

  it('downloads nothing when the feed is not newer', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.1.0' });
    const { updates, ready } = await updatesFor(feed, { check: true, feedUrl: '' });

    expect(await updates.checkNow()).toEqual({ kind: 'current', version: '0.1.0' });
    expect(feed.requests).toEqual(['/releases/latest-linux.yml']);
    expect(ready).toEqual([]);
  });

  it('does not announce a version told before a restart, but still offers it', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { updates, ready } = await updatesFor(feed, { check: true, feedUrl: '' }, '0.2.0');

    expect(await updates.checkNow()).toEqual({ kind: 'downloaded', version: '0.2.0' });
    expect(ready.map((r) => r.announce)).toEqual([false]);
    expect(updates.ready()?.version).toBe('0.2.0');
  });

  it('says a failed feed in the log and tries again at the next check', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { updates, log } = await updatesFor(feed, {
      check: true,
      feedUrl: feed.releasesUrl.replace('/releases/', '/nothing-here/'),
    });

    const outcome = await updates.checkNow();
    expect(outcome.kind).toBe('failed');
    expect(log.lines.join('\n')).toMatch(/warn updates: .*404/);
  });

  it('never logs the password of a mirror URL', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const mirror = feed.mirrorUrl
      .replace('http://', 'http://me:s3cret@')
      .replace('/mirror/', '/gone/');
    const { updates, log } = await updatesFor(feed, { check: true, feedUrl: mirror });

    const outcome = await updates.checkNow();
    expect(outcome.kind === 'failed' && outcome.message).not.toContain('s3cret');
    expect(feed.requests).toContain('/gone/latest-linux.yml');
    expect(log.lines.join('\n')).not.toContain('s3cret');
  });

  it('checks at once when the setting is switched on, not 6 hours later', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const settings = { check: false, feedUrl: '' };
    const { updates, ready } = await updatesFor(feed, settings);
    updates.start();
    updates.settingsMaybeChanged();
    expect(feed.requests).toEqual([]);

    settings.check = true;
    updates.settingsMaybeChanged();
    await vi.waitFor(() => expect(ready.map((r) => r.update.version)).toEqual(['0.2.0']));
    updates.stop();
  });
});
