import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureText } from '../helpers/fixtures';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';
import { postWebhook } from '../helpers/http';
import { argvRecorder, makeFlv, probe } from '../helpers/media-tools';

const running: HeadlessProcess[] = [];
afterEach(() => killAll(running));

const RELATIVE = '23058-3号直播间/录制-23058-20240317-203703-677-哔哩哔哩音悦台.flv';

/** A data folder, a recording root holding the fixture's file as a real FLV, and a --config. */
async function setUp(rules: unknown[]) {
  const dir = await mkdtemp(join(tmpdir(), 'headless-actions-'));
  const root = join(dir, 'rec');
  const flv = join(root, RELATIVE);
  await makeFlv(flv);
  const config = join(dir, 'settings.json');
  await writeFile(
    config,
    JSON.stringify({
      recorders: [{ id: 'default', url: '', recordingRoot: root }],
      actions: { enabled: true, rules },
      // The clean-up beside the actions, as a dry run (the acceptance config has both).
      retention: { enabled: true, dryRun: true, rules: [{ keepDays: 30, then: 'delete' }] },
    }),
  );
  return { dir, root, flv, config, dataDir: join(dir, 'data') };
}

function launch(config: string, dataDir: string) {
  const p = startHeadless([
    '--no-desktop',
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--config',
    config,
  ]);
  running.push(p);
  return p;
}

describe('headless: acting on a finished recording', () => {
  it('a FileClosed for a real FLV yields job lines ending in done, with an MP4 ffprobe reads', async () => {
    const { root, flv, config, dataDir } = await setUp([{ id: 'mp4', steps: [{ kind: 'remux' }] }]);
    // A recording from two months ago, which the dry run lists and leaves in place.
    const old = join(root, '23058-3号直播间', '录制-23058-20240101-200000-000-旧.flv');
    await mkdir(dirname(old), { recursive: true });
    await writeFile(old, Buffer.alloc(1024));
    const twoMonthsAgo = new Date(Date.now() - 60 * 24 * 3600 * 1000);
    await utimes(old, twoMonthsAgo, twoMonthsAgo);
    const p = launch(config, dataDir);
    const ready = await p.waitFor((l) => l.type === 'ready');
    await postWebhook(ready.webhookUrl, fixtureText('synthesized/webhook-v2-FileClosed.json'));
    const done = await p.waitFor((l) => l.type === 'job' && l.status === 'done', 30_000);
    const mp4 = flv.replace(/\.flv$/, '.mp4');
    expect(done).toEqual({
      type: 'job',
      id: done.id,
      ruleId: 'mp4',
      step: 'remux',
      status: 'done',
      output: mp4,
    });
    const lines = p.lines.filter((l) => l.type === 'job').map((l) => l.status);
    expect(lines).toEqual(['queued', 'running', 'done']);
    expect((await probe(mp4)).codecs).toEqual(['h264', 'aac']);
    const retention = await p.waitFor((l) => l.type === 'retention');
    expect(retention).toMatchObject({ dryRun: true, bytes: 1024 });
    expect(retention.files).toEqual([relative(root, old).split(sep).join('/')]);
    expect(existsSync(old) && existsSync(flv)).toBe(true);
  });

  it('killed (-9) during a slow step: after the restart the job finishes once, no half file left', async () => {
    const { dir, flv, config, dataDir } = await setUp([]);
    const log = join(dir, 'argv.log');
    const release = join(dir, 'go');
    const script = await argvRecorder(dir, log, { waitFor: release });
    const rules = [
      {
        id: 'slow',
        steps: [
          { kind: 'run', program: process.execPath, args: [script, '{name}'] },
          { kind: 'remux' },
        ],
      },
    ];
    const settings = JSON.parse(await readFile(config, 'utf8'));
    await writeFile(config, JSON.stringify({ ...settings, actions: { enabled: true, rules } }));
    const first = launch(config, dataDir);
    const ready = await first.waitFor((l) => l.type === 'ready');
    await postWebhook(ready.webhookUrl, fixtureText('synthesized/webhook-v2-FileClosed.json'));
    await first.waitFor((l) => l.type === 'job' && l.status === 'running');
    first.child.kill('SIGKILL');
    await first.exited;
    const second = launch(config, dataDir);
    await second.waitFor((l) => l.type === 'job' && l.status === 'running', 30_000);
    await writeFile(release, '');
    const done = await second.waitFor((l) => l.type === 'job' && l.status === 'done', 30_000);
    expect(done.output).toBe(flv.replace(/\.flv$/, '.mp4'));
    const runs = (await readFile(log, 'utf8')).trim().split('\n');
    expect(runs).toHaveLength(1); // the first run's process was stopped before the step ran again
    expect(JSON.parse(runs[0]!).argv).toEqual([RELATIVE.split('/')[1]]);
    expect((await readdir(dirname(flv))).filter((name) => name.endsWith('.part'))).toEqual([]);
    expect(existsSync(flv.replace(/\.flv$/, '.mp4'))).toBe(true);
  });
});
