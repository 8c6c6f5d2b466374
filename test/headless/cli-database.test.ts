import { writeFileSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import { fixtureText } from '../helpers/fixtures';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';
import { postWebhook } from '../helpers/http';

const running: HeadlessProcess[] = [];
afterEach(() => killAll(running.splice(0)));

const STREAM_STARTED = fixtureText('synthesized/webhook-v2-StreamStarted.json');

function launch(dataDir: string): HeadlessProcess {
  const p = startHeadless(['--port', '0', '--no-desktop', '--lang', 'en', '--data-dir', dataDir]);
  running.push(p);
  return p;
}

describe('headless mode: the database', () => {
  it('a corrupt database file: starts, says so in plain words, and keeps receiving', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'headless-corrupt-db-'));
    writeFileSync(join(dataDir, DATABASE_FILE), 'garbage, not SQLite '.repeat(400));
    const p = launch(dataDir);
    const ready = await p.waitFor((l) => l.type === 'ready');
    const warning = p.lines.find((l) => l.type === 'warning' && /damaged/.test(l.message));
    expect(warning?.message).toMatch(/moved to .*recorder-tray\.db\.damaged-/);
    // The popup (notify-send on a desktop; off here) is test/app/database-notice.test.ts's.
    expect((await postWebhook(ready.webhookUrl, STREAM_STARTED)).status).toBe(204);
    await p.waitFor((l) => l.type === 'notification' && l.event === 'StreamStarted');
    expect((await readdir(dataDir)).filter((name) => name.includes('.damaged-'))).toHaveLength(1);
  });

  it('a second copy on the same data folder is refused with a clear line; the first keeps it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'headless-two-copies-'));
    const first = launch(dataDir);
    const ready = await first.waitFor((l) => l.type === 'ready');
    const second = launch(dataDir);
    const refused = await second.waitFor((l) => l.type === 'error', 20_000);
    expect(refused.message).toMatch(/in use by another running copy of Recorder Tray/);
    expect(await second.exited).toBe(1);
    expect((await postWebhook(ready.webhookUrl, STREAM_STARTED)).status).toBe(204);
  });
});
