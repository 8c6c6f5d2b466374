import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';
import {
  commandsOf,
  type Job,
  jobsOf,
  needsOf,
  readProjectFile as read,
  WORKFLOWS,
} from '../../helpers/workflow-jobs';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
const run = promisify(execFile);

describe.each(WORKFLOWS)('%s', (file) => {
  const yml = read(file);
  const jobs = jobsOf(file);
  const commands = Object.values(jobs).flatMap(commandsOf);

  it('is a valid GitHub Actions workflow', () => {
    expect(validateWorkflow(yml).errors).toEqual([]);
  });

  it('passes the action-validator command line too', async () => {
    const cli = path.join(root, 'node_modules', '@action-validator', 'cli', 'cli.mjs');
    await expect(run(process.execPath, [cli, path.join(root, file)])).resolves.toBeDefined();
  });

  it('runs only npm scripts that package.json has, and files that exist', () => {
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      for (const [, script] of command.matchAll(/\bnpm run ([\w:-]+)/g))
        expect(scripts, `${command}: npm run ${script}`).toHaveProperty([script ?? '']);
      for (const [, program] of command.matchAll(/\bnpx tsx (\S+)/g))
        expect(existsSync(path.join(root, program ?? '')), command).toBe(true);
      const local = /^(\.[\w./-]+)/.exec(command)?.[1];
      if (local !== undefined) accessSync(path.join(root, local), constants.X_OK);
    }
  });

  it('tests on Windows, macOS and Linux: Linux whole through .ci/run, the others their sets', () => {
    const matrix = jobs.test!.strategy!.matrix.include.map((entry) => entry.os);
    expect(matrix).toEqual(['ubuntu-24.04', 'windows-2025', 'macos-15']);
    expect(yml).toMatch(/cache: npm/);
    expect(commandsOf(jobs.test!)).toEqual(
      expect.arrayContaining([
        '.ci/run',
        'npm run typecheck && npm run lint && npm run test:portable && npm run test:actions-tools && npm run test:os',
        // The actions' tools, before their set runs (Linux: .ci/run installs them).
        'choco install ffmpeg rclone -y --no-progress',
        'brew install ffmpeg rclone',
      ]),
    );
    // .ci/run is the Linux CI script: it installs the system packages, then runs npm test.
    expect(read('.ci/run')).toMatch(/\nnpm test\b/);
  });

  it("never lets one OS's failure hide another's result", () => {
    for (const job of Object.values(jobs))
      if (job.strategy !== undefined) expect(job.strategy['fail-fast']).toBe(false);
  });

  it('sets CHROMIUM_PATH only where there is a value (an empty one used to be read as a path)', () => {
    expect(yml).not.toMatch(/CHROMIUM_PATH: \$\{\{/);
    const step = jobs.test!.steps.find((s) => s.run?.includes('CHROMIUM_PATH'))!;
    expect(step).toMatchObject({ if: 'matrix.chromium' });
  });

  it('builds without publishing, and smoke-tests what it built', () => {
    expect(needsOf(jobs.build!).filter((job) => job !== 'version')).toEqual(['test']);
    expect(needsOf(jobs.smoke!)).toEqual(['build']);
    const dist = commandsOf(jobs.build!).find((c) => c.startsWith('npm run dist'))!;
    expect(dist).toMatch(/^npm run dist -- --publish never /);
    expect(yml).not.toMatch(/--publish always/);
    expect(commandsOf(jobs.smoke!).join('\n')).toMatch(/npx tsx tools\/smoke\.ts /);
    expect(commandsOf(jobs.smoke!)).toEqual(
      expect.arrayContaining([
        'npx tsx tools/smoke/inspect-build.ts',
        expect.stringMatching(/npx tsx tools\/smoke\/window-check\.ts "\$WINDOW_EXECUTABLE"$/),
      ]),
    );
  });
});

describe('the validator', () => {
  it('refuses a broken workflow (so a pass above means something)', () => {
    const broken = 'name: x\non: push\njobs:\n  a:\n    steps:\n      - run: npm test\n';
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
  });
});

describe('the release workflow', () => {
  const file = '.github/workflows/release.yml';
  const yml = read(file);
  const jobs = jobsOf(file);

  it('runs on a version tag: version → test → build → smoke per OS → publish once all passed', () => {
    expect(yml).toMatch(/tags: \['v\*'\]/);
    expect(Object.keys(jobs)).toEqual(['version', 'test', 'build', 'smoke', 'publish']);
    expect(needsOf(jobs.publish!)).toEqual(['version', 'test', 'build', 'smoke']);
    // Only publish may write: the draft and its files.
    expect(yml).toMatch(/^permissions:\n {2}contents: read$/m);
    expect(jobs.publish!.permissions).toEqual({ contents: 'write' });
    expect(jobs.publish!.if).toBeUndefined(); // needs' default: all succeeded
    const oses = (job: Job) => job.strategy!.matrix.include.map((e) => e.os);
    expect(oses(jobs.build!).sort()).toEqual(['macos-15', 'ubuntu-24.04', 'windows-2025']);
    expect(new Set(oses(jobs.smoke!))).toEqual(
      new Set(['macos-15', 'macos-15-intel', 'ubuntu-24.04', 'windows-2025']),
    );
    expect(commandsOf(jobs.build!)).toContain(
      'npm run dist -- --publish never --mac dmg zip --x64 --arm64',
    );
  });

  it('checks every feed against the files before the draft gets any, and never touches a published release', () => {
    const commands = commandsOf(jobs.publish!);
    const at = (prefix: string) => commands.findIndex((c) => c.startsWith(prefix));
    const staged = at('npx tsx tools/release-assets.ts artifacts staged "$GITHUB_REF_NAME"');
    const upload = at('gh release upload "$GITHUB_REF_NAME" staged/* --clobber');
    expect(staged).toBeGreaterThanOrEqual(0);
    expect(upload).toBeGreaterThan(staged);
    expect(at('gh release create "$GITHUB_REF_NAME" --draft')).toBeGreaterThan(staged);
    expect(commands.join('\n')).toMatch(/already published; a published release is never changed/);
  });

  it('signs from secrets when set, each OS in its own build step only', () => {
    const dist = (platform: string) =>
      jobs.build!.steps.find((s) =>
        s.run?.startsWith(`npm run dist -- --publish never ${platform}`),
      )!;
    const windows = dist('--win');
    const mac = dist('--mac');
    expect(windows.if).toBe("runner.os == 'Windows'");
    expect(mac.if).toBe("runner.os == 'macOS'");
    const windowsSecrets = [
      'AZURE_SIGNING_ENDPOINT',
      'AZURE_SIGNING_ACCOUNT',
      'AZURE_SIGNING_PROFILE',
      'AZURE_SIGNING_PUBLISHER',
      'AZURE_TENANT_ID',
      'AZURE_CLIENT_ID',
      'AZURE_CLIENT_SECRET',
      'WIN_CSC_LINK',
      'WIN_CSC_KEY_PASSWORD',
    ];
    const macSecrets = ['CSC_LINK', 'CSC_KEY_PASSWORD', 'CSC_NAME', 'APPLE_ID', 'APPLE_TEAM_ID'];
    for (const name of windowsSecrets) expect(windows.env![name]).toBe(`\${{ secrets.${name} }}`);
    for (const name of macSecrets) expect(mac.env![name]).toBe(`\${{ secrets.${name} }}`);
    expect(Object.keys(windows.env!).filter((name) => macSecrets.includes(name))).toEqual([]);
    expect(Object.keys(mac.env!).filter((name) => windowsSecrets.includes(name))).toEqual([]);
    // No other step of the build (npm ci runs install scripts) sees a secret.
    const others = jobs.build!.steps.filter((s) => s !== windows && s !== mac);
    expect(JSON.stringify([others, jobs.build!.env])).not.toMatch(/secrets\./);
  });

  it('publishes to a draft GitHub release, the feed electron-updater reads', () => {
    const config = read('electron-builder.yml');
    expect(config).toMatch(/publish:\n\s+- provider: github\n\s+releaseType: draft/);
    // Squirrel.Mac updates from the zip; NSIS and AppImage carry blockmaps for differential downloads.
    expect(config).toMatch(/target:\n\s+- dmg\n\s+- zip/);
  });
});

describe('the test workflow', () => {
  it('builds and smoke-tests the Linux packages on every push', () => {
    const jobs = jobsOf('.github/workflows/test.yml');
    expect(Object.keys(jobs)).toEqual(['test', 'build', 'smoke']);
    expect(jobs.build!['runs-on']).toBe('ubuntu-24.04');
    expect(commandsOf(jobs.build!)).toEqual(
      expect.arrayContaining([
        'npm run dist -- --publish never --linux AppImage --x64 -c.directories.output=release/appimage',
        'npm run dist -- --publish never --linux deb --x64 -c.directories.output=release/deb',
      ]),
    );
    expect(jobs.smoke!.strategy!.matrix.include.map((e) => e.installer)).toEqual([
      'release/deb/*.deb',
      'release/appimage/*.AppImage',
    ]);
  });
});
