import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';

const running: HeadlessProcess[] = [];
const temps: string[] = [];
afterEach(async () => {
  await killAll(running);
  for (const dir of temps.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function setUp(cleanUp: object) {
  const dir = await mkdtemp(join(tmpdir(), 'headless-clean-up-'));
  temps.push(dir);
  const root = join(dir, 'rec');
  await mkdir(join(root, '7-主播'), { recursive: true });
  const old = join(root, '7-主播', '录制-7-old.flv');
  await writeFile(old, 'old recording');
  const at = new Date(Date.now() - 30 * 86_400_000);
  await utimes(old, at, at);
  const config = join(dir, 'config.json');
  await writeFile(config, JSON.stringify({ cleanUp }));
  const args = ['--port', '0', '--no-desktop', '--data-dir', join(dir, 'data')];
  return { old, args: [...args, '--config', config, '--recording-root', root] };
}

describe('headless clean-up', () => {
  it('prints a clean-up line per pass that finds something: a dry run, then a removal', async () => {
    const rule = { keepDays: 7, then: 'delete' };
    const dry = await setUp({ enabled: true, rules: [rule] });
    const first = startHeadless(dry.args);
    running.push(first);
    const line = await first.waitFor((l) => l.type === 'clean-up');
    expect(line).toEqual({
      type: 'clean-up',
      dryRun: true,
      files: ['7-主播/录制-7-old.flv'],
      bytes: 13,
    });
    expect(existsSync(dry.old)).toBe(true);
    await killAll(running);

    const wet = await setUp({ enabled: true, dryRun: false, rules: [rule] });
    const second = startHeadless(wet.args);
    running.push(second);
    const removed = await second.waitFor((l) => l.type === 'clean-up');
    expect(removed).toMatchObject({ dryRun: false, files: ['7-主播/录制-7-old.flv'] });
    expect(existsSync(wet.old)).toBe(false);
  });

  it('refuses a stored settings file with a trash rule too, naming it', async () => {
    const { args } = await setUp({ enabled: false });
    const dataDir = args[args.indexOf('--data-dir') + 1]!;
    await mkdir(dataDir, { recursive: true });
    // Written before the key was `cleanUp`: the settings migration lifts it, the refusal names the rule.
    const stored = { retention: { enabled: true, rules: [{ keepDays: 9, then: 'trash' }] } };
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify(stored));
    const p = startHeadless(args);
    running.push(p);
    expect(await p.exited).toBe(2);
    expect(p.lines[0]?.message).toContain(join(dataDir, 'settings.json'));
    expect(p.lines[0]?.message).toMatch(/rules\[0\]\.then is "trash"/);
  });

  it('refuses a trash rule at load: headless mode has no trash', async () => {
    const { args } = await setUp({ enabled: true, rules: [{ keepGiB: 1, then: 'trash' }] });
    const p = startHeadless(args);
    running.push(p);
    expect(await p.exited).toBe(2);
    expect(p.lines[0]).toMatchObject({ type: 'error' });
    expect(p.lines[0]?.message).toMatch(
      /cleanUp\.rules\[0\]\.then is "trash", but headless mode has no trash/,
    );
  });
});
