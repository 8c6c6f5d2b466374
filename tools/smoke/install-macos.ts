// macOS: the dmg mounted, the app copied to /Applications as a user drags it, its signature
// checked as Gatekeeper would (`codesign --verify --deep --strict`). macOS has no uninstaller:
// the app is deleted, as a user does.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PRODUCT_NAME } from './app-locations';
import { quitWithSigterm, type InstalledApp } from './installed-app';

const run = promisify(execFile);

/** Mounts the dmg, copies the .app to /Applications, checks its signature. */
export async function installMacos(dmg: string): Promise<InstalledApp> {
  const mount = await mkdtemp(path.join(tmpdir(), 'smoke-dmg-'));
  await run('hdiutil', ['attach', '-nobrowse', '-readonly', '-mountpoint', mount, dmg]);
  const target = path.join('/Applications', `${PRODUCT_NAME}.app`);
  try {
    const apps = (await readdir(mount)).filter((name) => name.endsWith('.app'));
    if (apps.length !== 1) throw new Error(`the dmg holds ${apps.join(', ') || 'no app'}`);
    await rm(target, { recursive: true, force: true });
    // ditto keeps the bundle's symlinks, extended attributes and signature as Finder's copy does.
    await run('ditto', [path.join(mount, apps[0]!), target]);
  } finally {
    await run('hdiutil', ['detach', mount]);
  }
  const verified = await run('codesign', ['--verify', '--deep', '--strict', '--verbose=2', target]);
  console.log(`codesign --verify: ${verified.stderr.trim()}`);
  const details = await run('codesign', ['-dv', target]).catch((error: { stderr?: string }) => ({
    stderr: error.stderr ?? '',
  }));
  console.log(`codesign -dv:\n${details.stderr.trim()}`);
  return {
    title: `macOS ${process.arch}, dmg`,
    executable: path.join(target, 'Contents', 'MacOS', PRODUCT_NAME),
    args: [],
    env: {},
    quit: quitWithSigterm,
    uninstall: async () => {
      await rm(target, { recursive: true, force: true });
      return [];
    },
  };
}
