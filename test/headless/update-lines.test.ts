import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchFeedVersion } from '../../main/features/updates/adapters/update-feed-client';
import type { OutputLine } from '../../main/headless/output';
import { startUpdateLines } from '../../main/headless/update-lines';
import type { UpdateSettings } from '../../shared/settings';
import { memoryLogger } from '../fakes/silent-logger';
import { startUpdateFeed } from '../fakes/update-feed';

const cleanups: (() => Promise<void>)[] = [];
const stops: (() => void)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Headless update lines over the real feed reader, against a loopback feed. */
function lines(
  settings: UpdateSettings,
  options: { platform?: string; origin?: string; current?: string } = {},
) {
  const emitted: OutputLine[] = [];
  const log = memoryLogger();
  const updates = startUpdateLines({
    settings: () => settings,
    language: () => 'en',
    currentVersion: options.current ?? '0.1.0',
    originUrl: async () => options.origin,
    feedVersion: (folder, fileName) => fetchFeedVersion(folder, fileName),
    platform: options.platform ?? 'linux',
    arch: 'x64',
    emit: (line) => emitted.push(line),
    log,
  });
  stops.push(updates.stop);
  return { updates, emitted, log };
}

describe('headless update lines', () => {
  it('prints one update line for a newer release, with the command that updates a clone', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { updates, emitted } = lines({ check: true, feedUrl: feed.mirrorUrl });
    expect(await updates.checkNow()).toMatchObject({ kind: 'checked', version: '0.2.0' });
    expect(await updates.checkNow()).toEqual({ kind: 'checked', version: '0.2.0', told: false });
    expect(emitted).toEqual([
      {
        type: 'update',
        version: '0.2.0',
        current: '0.1.0',
        feed: feed.mirrorUrl,
        command: 'git pull && npm ci',
        message:
          'A newer version v0.2.0 is out (this is v0.1.0): run git pull && npm ci in the clone',
      },
    ]);
    expect(feed.requests).toContain('/mirror/latest-linux.yml');
    expect(feed.requests.every((path) => path.endsWith('.yml'))).toBe(true); // nothing downloaded
  });

  it('reads latest.yml on Windows', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { updates } = lines({ check: true, feedUrl: feed.mirrorUrl }, { platform: 'win32' });
    await updates.checkNow();
    expect(feed.requests).toContain('/mirror/latest.yml');
    expect(feed.requests).not.toContain('/mirror/latest-linux.yml');
  });

  it('prints nothing when the release is not newer', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.1.0' });
    const { updates, emitted } = lines({ check: true, feedUrl: feed.mirrorUrl });
    expect(await updates.checkNow()).toEqual({ kind: 'checked', version: '0.1.0', told: false });
    expect(emitted).toEqual([]);
  });

  it('makes no request at all while the setting is off', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { updates, emitted } = lines({ check: false, feedUrl: feed.mirrorUrl });
    expect(await updates.checkNow()).toEqual({ kind: 'off' });
    expect(feed.requests).toEqual([]);
    expect(emitted).toEqual([]);
  });

  it('has no feed without a feed URL or a GitHub origin, and says so once', async () => {
    const { updates, log } = lines(
      { check: true, feedUrl: '' },
      { origin: 'https://example.org/mirror/recorder-tray.git' },
    );
    expect(await updates.checkNow()).toEqual({ kind: 'no-feed' });
    expect(await updates.checkNow()).toEqual({ kind: 'no-feed' });
    expect(log.lines.filter((line) => line.includes('no feed'))).toHaveLength(1);
  });

  it('logs a feed that fails and prints no line', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const { updates, emitted, log } = lines({
      check: true,
      feedUrl: feed.mirrorUrl.replace('/mirror/', '/gone/'),
    });
    expect((await updates.checkNow()).kind).toBe('failed');
    expect(emitted).toEqual([]);
    expect(log.lines.join('\n')).toMatch(/warn updates: .*latest-linux\.yml answered 404/);
  });

  it('checks at once when the setting is switched on', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '0.2.0' });
    const settings = { check: false, feedUrl: feed.mirrorUrl };
    const { updates, emitted } = lines(settings);
    updates.settingsMaybeChanged();
    expect(feed.requests).toEqual([]);
    settings.check = true;
    updates.settingsMaybeChanged();
    await vi.waitFor(() => expect(emitted.map((line) => line.type)).toEqual(['update']));
  });
});
