import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fixtureText } from '../helpers/fixtures';
import {
  advanceClock,
  killAll,
  movableClockBundle,
  startHeadless,
  type HeadlessProcess,
} from '../helpers/headless-process';
import { postWebhook } from '../helpers/http';
import { bridgeCaller } from '../helpers/preview-bridge';

const running: HeadlessProcess[] = [];
afterEach(() => killAll(running));

describe('headless: quiet hours', () => {
  it('a held popup prints no notification line; the digest at the end is one, with the count per event', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'headless-quiet-'));
    const config = join(dataDir, 'config.json');
    // "Quiet until" an hour after start-up: the webhook comes inside; then the test moves the
    // app's clock past the end (movableClockBundle) and the digest comes, with no wait.
    const quietUntil = Date.now() + 3_600_000;
    await writeFile(
      config,
      JSON.stringify({ notifications: { groupWindowSeconds: 0, quietUntil } }),
    );
    const p = startHeadless(
      [
        '--no-desktop',
        '--port',
        '0',
        '--ui-port',
        '0',
        '--data-dir',
        dataDir,
        '--recorder-url',
        '',
        '--config',
        config,
      ],
      {},
      movableClockBundle(),
    );
    running.push(p);
    const ready = await p.waitFor((l) => l.type === 'ready');
    await postWebhook(ready.webhookUrl, fixtureText('synthesized/webhook-v2-FileClosed.json'));
    // Held: in the history (the window's list, read through the preview), no notification line.
    const call = bridgeCaller(ready.uiUrl as string);
    await vi.waitFor(async () => {
      const list = await call('history:notifications', { limit: 10, offset: 0 });
      expect(list.items.map((e: { decision: unknown }) => e.decision)).toEqual([
        { shown: false, reason: 'held' },
      ]);
    });
    expect(p.lines.filter((l) => l.type === 'notification')).toEqual([]);
    advanceClock(p, 3_600_000);
    const digest = await p.waitFor((l) => l.type === 'notification');
    expect(digest).toMatchObject({
      event: 'QuietHoursDigest',
      digest: { counts: { FileClosed: 1 } },
    });
    expect(p.lines.filter((l) => l.type === 'notification')).toHaveLength(1);
  }, 30_000);
});
