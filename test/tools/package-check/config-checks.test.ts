import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  appImageRuntimeProblems,
  builderConfig,
  nsisUninstallProblems,
} from '../../../tools/package-check/config-checks';
import { PROJECT_ROOT } from '../../helpers/headless-process';

// The NSIS half of package:check against electron-builder.yml as electron-builder reads it, and
// against copies of build/installer.nsh with one piece taken out.

const root = PROJECT_ROOT;
const dirs: string[] = [];

afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A project folder whose build/installer.nsh is the real one, edited. */
async function withInstaller(edit: (text: string) => string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'config-checks-'));
  dirs.push(dir);
  const text = await readFile(path.join(root, 'build', 'installer.nsh'), 'utf8');
  await mkdir(path.join(dir, 'build'));
  await writeFile(path.join(dir, 'build', 'installer.nsh'), edit(text));
  return dir;
}

describe('the NSIS installer checks', () => {
  it('finds the per-user install and every removal in the project as it is', async () => {
    const config = await builderConfig(root);
    expect(config.nsis?.oneClick).toBe(false);
    expect(config.nsis?.allowToChangeInstallationDirectory).toBe(true);
    expect(nsisUninstallProblems(config, root)).toEqual([]);
  });

  it('names the start-at-login value when the uninstaller leaves it', async () => {
    const config = await builderConfig(root);
    const dir = await withInstaller((text) =>
      text.replace(
        /^\s*DeleteRegValue HKCU "Software\\Microsoft\\Windows\\CurrentVersion\\Run".*$/m,
        '',
      ),
    );
    expect(nsisUninstallProblems(config, dir)).toEqual([
      'build/installer.nsh does not delete the start-at-login value under Software\\Microsoft\\Windows\\CurrentVersion\\Run',
    ]);
  });

  it('refuses a removal that an update would run too', async () => {
    const config = await builderConfig(root);
    const dir = await withInstaller((text) =>
      text.replace('${ifNot} ${isUpdated}', '${if} 1 == 1'),
    );
    expect(nsisUninstallProblems(config, dir)).toEqual([
      'build/installer.nsh: customUnInstall removes nothing inside ${ifNot} ${isUpdated}',
      'build/installer.nsh does not delete the start-at-login value under Software\\Microsoft\\Windows\\CurrentVersion\\Run',
      'build/installer.nsh does not delete the start-at-login value under Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\StartupApproved\\Run',
      'build/installer.nsh does not delete the CLSID key of {70C3D4F5-7267-4B6D-9741-C2CDC2D493DE}',
      'build/installer.nsh does not delete the Start-menu shortcut',
    ]);
  });

  it('names the install-mode page when nothing forces a per-user install', async () => {
    const config = await builderConfig(root);
    const dir = await withInstaller((text) =>
      text.replace('$isForceCurrentInstall "1"', '$isForceCurrentInstall "0"'),
    );
    expect(nsisUninstallProblems(config, dir)).toEqual([
      'build/installer.nsh: customInstallMode does not force a per-user install',
    ]);
    expect(
      nsisUninstallProblems({ ...config, nsis: { ...config.nsis, perMachine: true } }, root),
    ).toEqual(['nsis.perMachine is on: UAC at every update']);
  });
});

describe('the AppImage runtime check', () => {
  it('passes the static runtime electron-builder.yml sets, and fails the FUSE 2 one', async () => {
    const config = await builderConfig(root);
    expect(config.toolsets?.appimage).toBe('1.0.3');
    expect(appImageRuntimeProblems(config)).toEqual([]);
    expect(appImageRuntimeProblems({ ...config, toolsets: { appimage: '0.0.0' } })).toEqual([
      'toolsets.appimage is 0.0.0: the AppImage would need libfuse2',
    ]);
    expect(appImageRuntimeProblems({ ...config, toolsets: {} })).toHaveLength(1);
  });
});
