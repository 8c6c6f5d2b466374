import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';
import { startUpdateFeed } from '../fakes/update-feed';

const running: HeadlessProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await killAll(running);
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function launch(args: string[]) {
  const dataDir = await mkdtemp(join(tmpdir(), 'headless-update-'));
  const p = startHeadless([
    '--port',
    '0',
    '--no-desktop',
    '--lang',
    'en',
    '--data-dir',
    dataDir,
    ...args,
  ]);
  running.push(p);
  return p;
}

describe('npm run headless: updates', () => {
  it('prints an update line when the feed has a newer release', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '99.0.0' });
    const p = await launch(['--update-feed', feed.mirrorUrl]);
    const line = await p.waitFor((l) => l.type === 'update');
    expect(line).toMatchObject({
      version: '99.0.0',
      command: 'git pull && npm ci',
      feed: feed.mirrorUrl,
    });
    expect(line.message).toMatch(/v99\.0\.0 .*git pull && npm ci/);
  });

  it('asks the feed nothing with --no-update-check', async () => {
    const feed = await startUpdateFeed(cleanups, { version: '99.0.0' });
    const p = await launch(['--update-feed', feed.mirrorUrl, '--no-update-check']);
    await p.waitFor((l) => l.type === 'ready');
    expect(await p.stop()).toBe(0);
    expect(feed.requests).toEqual([]);
    expect(p.lines.filter((l) => l.type === 'update')).toEqual([]);
  });
});
