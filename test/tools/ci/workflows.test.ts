import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const WORKFLOWS = ['.github/workflows/release.yml', '.github/workflows/test.yml'];
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

/** The shell commands of a workflow's `run:` steps, one string per line (block scalars included). */
function runLines(yml: string): string[] {
  const lines = yml.split('\n');
  const commands: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = /^(\s*)(?:- )?run:\s*(.*)$/.exec(lines[i] ?? '');
    if (!match) continue;
    const rest = match[2] ?? '';
    if (rest !== '|' && rest !== '>') {
      commands.push(rest);
      continue;
    }
    const indent = (match[1] ?? '').length;
    for (let j = i + 1; j < lines.length; j++) {
      const line = lines[j] ?? '';
      if (line.trim() !== '' && line.length - line.trimStart().length <= indent) break;
      if (line.trim() !== '') commands.push(line.trim());
    }
  }
  return commands;
}

describe.each(WORKFLOWS)('%s', (file) => {
  const yml = read(file);

  it('is a valid GitHub Actions workflow', () => {
    expect(validateWorkflow(yml).errors).toEqual([]);
  });

  it('runs only npm scripts that package.json has, and files that exist', () => {
    const commands = runLines(yml);
    expect(commands.length).toBeGreaterThan(0);
    for (const command of commands) {
      for (const [, script] of command.matchAll(/\bnpm run ([\w:-]+)/g))
        expect(scripts, `${command}: npm run ${script}`).toHaveProperty([script ?? '']);
      if (/\bnpm test\b/.test(command)) expect(scripts).toHaveProperty(['test']);
      for (const [, program] of command.matchAll(/\bnpx tsx (\S+)/g))
        expect(existsSync(path.join(root, program ?? '')), command).toBe(true);
      const local = /^(\.[\w./-]+)/.exec(command)?.[1];
      if (local !== undefined) accessSync(path.join(root, local), constants.X_OK);
    }
  });

  it('tests with the README command on Windows, macOS and Linux, with npm cached', () => {
    expect(yml).toMatch(/os: windows-latest/);
    expect(yml).toMatch(/os: macos-latest/);
    expect(yml).toMatch(/os: ubuntu-latest/);
    expect(yml).toMatch(/cache: npm/);
    expect(runLines(yml)).toEqual(expect.arrayContaining(['.ci/run', 'npm test']));
    // .ci/run is the Linux CI script: it installs the system packages, then runs npm test.
    expect(read('.ci/run')).toMatch(/\nnpm test\b/);
  });
});

describe('the validator', () => {
  it('refuses a broken workflow (so a pass above means something)', () => {
    const broken = 'name: x\non: push\njobs:\n  a:\n    steps:\n      - run: npm test\n';
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
  });
});

describe('the release workflow', () => {
  const yml = read('.github/workflows/release.yml');

  it('runs on a version tag and publishes with electron-builder through npm run dist', () => {
    expect(yml).toMatch(/tags: \['v\*'\]/);
    expect(runLines(yml)).toContain('npm run dist -- --publish always ${{ matrix.arch }}');
    expect(yml).toMatch(/GH_TOKEN: \$\{\{ secrets.GITHUB_TOKEN \}\}/);
    // Tests first, then one draft (with its notes) that the three builds upload to.
    expect(yml).toMatch(/draft:\n(?:.*\n)*?\s+needs: test\n/);
    expect(yml).toMatch(/publish:\n(?:.*\n)*?\s+needs: draft\n/);
    expect(runLines(yml)).toEqual(
      expect.arrayContaining([
        'npx tsx tools/release-notes.ts --check-tag "$GITHUB_REF_NAME"',
        'npx tsx tools/release-notes.ts "$GITHUB_REF_NAME" > release-notes.txt',
      ]),
    );
  });

  it('signs from secrets when set', () => {
    for (const secret of ['WIN_CSC_LINK', 'CSC_LINK', 'CSC_NAME', 'APPLE_ID', 'APPLE_TEAM_ID'])
      expect(yml).toContain(`secrets.${secret}`);
  });

  it('publishes to a draft GitHub release, the feed electron-updater reads', () => {
    const config = read('electron-builder.yml');
    expect(config).toMatch(/publish:\n\s+- provider: github\n\s+releaseType: draft/);
    // Squirrel.Mac updates from the zip; NSIS and AppImage carry blockmaps for differential downloads.
    expect(config).toMatch(/target:\n\s+- dmg\n\s+- zip/);
  });
});
