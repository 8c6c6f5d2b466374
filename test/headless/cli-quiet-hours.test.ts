import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureText } from '../helpers/fixtures';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';
import { postWebhook } from '../helpers/http';

const running: HeadlessProcess[] = [];
afterEach(() => killAll(running));

describe('headless: quiet hours', () => {
  it('a held popup prints no notification line; the digest at the end is one, with the count per event', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'headless-quiet-'));
    const config = join(dataDir, 'config.json');
    // "Quiet until" a little after start-up: the webhook comes inside, the digest at its end.
    const quietUntil = Date.now() + 20_000;
    await writeFile(
      config,
      JSON.stringify({ notifications: { groupWindowSeconds: 0, quietUntil } }),
    );
    const p = startHeadless([
      '--no-desktop',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      '--recorder-url',
      '',
      '--config',
      config,
    ]);
    running.push(p);
    const ready = await p.waitFor((l) => l.type === 'ready');
    expect(Date.now()).toBeLessThan(quietUntil - 2000); // the test's premise: still quiet
    await postWebhook(ready.webhookUrl, fixtureText('synthesized/webhook-v2-FileClosed.json'));
    const digest = await p.waitFor((l) => l.type === 'notification', 30_000);
    expect(Date.now()).toBeGreaterThanOrEqual(quietUntil);
    expect(digest).toMatchObject({
      event: 'QuietHoursDigest',
      digest: { counts: { FileClosed: 1 } },
    });
    expect(p.lines.filter((l) => l.type === 'notification')).toHaveLength(1);
  }, 60_000);
});
