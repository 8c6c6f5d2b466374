import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startApp, stopApps } from '../fakes/app-harness';
import { postWebhook } from '../helpers/http';
import { v2 } from '../helpers/recorder-events';

afterEach(stopApps);

// Local times: Friday 27 Nov 2026 23:30 → Saturday 07:00, the window 23:00–07:00.
const at = (day: number, hours: number, minutes = 0) =>
  new Date(2026, 10, day, hours, minutes).getTime();
const QUIET = {
  notifications: {
    groupWindowSeconds: 0,
    quietHours: { enabled: true, from: '23:00', to: '07:00' },
  },
};
const ALL = { limit: 50, offset: 0 };
const goLive = (roomId: number) =>
  JSON.stringify(
    v2(
      'StreamStarted',
      { roomId, name: `主播${roomId}` },
      0,
      {},
      { streaming: true, recording: false },
    ),
  );

/** Starts the app on `dataDir` at local time `now` (the clock stands still: the test moves it). */
async function appAt(dataDir: string, now: number) {
  return startApp({ dataDir, settings: QUIET, seams: { clock: () => now } });
}

describe('quiet hours across restarts (the history keeps what was held)', () => {
  it('held at 23:30, restarted at 02:00 inside the window, digested once after 07:00', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'quiet-'));
    const night = await appAt(dataDir, at(27, 23, 30));
    await postWebhook(night.webhookUrl, goLive(1));
    await vi.waitFor(async () => {
      const list = await night.app.handlers['history:notifications'](ALL);
      expect(list.items.map((e) => e.decision)).toEqual([{ shown: false, reason: 'held' }]);
    });
    expect(night.shown).toEqual([]);
    await night.app.stop();

    const small = await appAt(dataDir, at(28, 2));
    await postWebhook(small.webhookUrl, goLive(2));
    await vi.waitFor(async () => {
      expect((await small.app.handlers['history:notifications'](ALL)).total).toBe(2);
    });
    expect(small.shown).toEqual([]); // still inside: no popup, no digest
    await small.app.stop();

    const morning = await appAt(dataDir, at(28, 7, 5));
    // The popup goes once its decision is committed with it owed (main/app/outbox-dispatcher.ts).
    await vi.waitFor(() => expect(morning.shown).toHaveLength(1));
    expect(morning.shown).toMatchObject([
      {
        event: 'QuietHoursDigest',
        title: 'While you were away',
        body: '2 went live',
        digest: { from: at(27, 23, 30), to: at(28, 7, 5), counts: { StreamStarted: 2 } },
      },
    ]);
    await morning.app.stop();

    const later = await appAt(dataDir, at(28, 9));
    const list = await later.app.handlers['history:notifications'](ALL);
    await later.app.stop(); // every popup decided before stop is out after it
    expect(later.shown).toEqual([]); // digested once: nothing again at the next start
    expect(list.total).toBe(3);
    expect(list.items[0]).toMatchObject({
      notification: { event: 'QuietHoursDigest' },
      decision: { shown: true },
    });
  });
});
