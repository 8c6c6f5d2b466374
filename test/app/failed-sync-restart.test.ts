import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { startApp, stopApps } from '../fakes/app-harness';
import { failingSync } from '../fakes/failing-sync';
import { postWebhook } from '../helpers/http';
import { relativePathFor, ts, v2 } from '../helpers/recorder-events';

afterEach(stopApps);

const ALL = { limit: 50, offset: 0 };

/** A FileClosed of `roomId`'s file opened `at` seconds after the helpers' base time. */
function fileClosed(roomId: number, at: number): string {
  const room = { roomId };
  return JSON.stringify(
    v2('FileClosed', room, at + 10, {
      SessionId: randomUUID(),
      RelativePath: relativePathFor(room, at),
      FileSize: 1_000_000,
      Duration: 10.0,
      FileOpenTime: ts(at),
      FileCloseTime: ts(at + 10),
    }),
  );
}

// A delivery whose commit was written but whose WAL sync failed is answered 5xx, its row kept. Its
// retry is handed on as that delivery (webhook-intake.ts); if the app stops before the retry, the
// processed mark must not have passed it: the next start runs its row, and the retry is then a
// duplicate. Before, the mark moved past it with the deliveries after it, and the file was lost.
describe('a failed WAL sync across a restart', () => {
  test('the delivery answered 500 is run at the next start and listed once; its retry is a duplicate', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'failed-sync-'));
    const sync = failingSync();
    const first = await startApp({ dataDir, seams: { fdatasync: sync.fdatasync } });
    const lost = fileClosed(101, 0);
    sync.failures = Infinity; // every sync fails while the file is posted
    expect((await postWebhook(first.webhookUrl, lost)).status).toBe(500);
    sync.failures = 0;
    // Later deliveries are processed, and the processed mark has every chance to move past them.
    for (const roomId of [102, 103])
      expect((await postWebhook(first.webhookUrl, fileClosed(roomId, 0))).status).toBe(204);
    await vi.waitFor(async () =>
      expect((await first.app.handlers['history:files'](ALL)).total).toBe(2),
    );
    await first.app.stop(); // the recorder's retry has not come yet

    const second = await startApp({ dataDir });
    const listed = async () =>
      (await second.app.handlers['history:files'](ALL)).items.map((file) => file.roomId).sort();
    await vi.waitFor(async () => expect(await listed()).toEqual([101, 102, 103]));
    expect((await postWebhook(second.webhookUrl, lost)).status).toBe(204); // the retry: a duplicate
    expect(await listed()).toEqual([101, 102, 103]);
  });
});
