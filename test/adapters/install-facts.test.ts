import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readInstallFiles } from '../../main/adapters/install-facts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'install-facts-'));
  await mkdir(join(dir, 'resources', 'app'), { recursive: true });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const paths = () => ({
  resourcesPath: join(dir, 'resources'),
  appPath: join(dir, 'resources', 'app'),
});

describe('readInstallFiles', () => {
  it('reads the package type, the signature field and the feed electron-builder wrote', async () => {
    await writeFile(join(dir, 'resources', 'package-type'), 'deb\n');
    await writeFile(
      join(dir, 'resources', 'app-update.yml'),
      'provider: github\nowner: o\nrepo: r\n',
    );
    await writeFile(
      join(dir, 'resources', 'app', 'package.json'),
      JSON.stringify({ name: 'recorder-tray', macSignature: 'developer-id' }),
    );
    const warnings: string[] = [];
    expect(await readInstallFiles(paths(), (m) => void warnings.push(m))).toEqual({
      packageType: 'deb',
      macSignature: 'developer-id',
      appUpdateYml: 'provider: github\nowner: o\nrepo: r\n',
    });
    expect(warnings).toEqual([]);
  });

  it('says nothing for missing files, and nothing from a package.json it cannot read', async () => {
    await writeFile(join(dir, 'resources', 'app', 'package.json'), '{"macSignature": 7}');
    const warnings: string[] = [];
    expect(await readInstallFiles(paths(), (m) => void warnings.push(m))).toEqual({
      packageType: undefined,
      macSignature: undefined,
      appUpdateYml: undefined,
    });
    expect(warnings).toEqual([]);
  });
});
