import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { stringify } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import {
  planReleaseAssets,
  releaseName,
  sha512Of,
  stageAssets,
} from '../../../tools/publish/release-assets';
import { mergeLinuxFeeds } from '../../../tools/publish/linux-feed';
import { PROJECT_ROOT } from '../../helpers/headless-process';

const run = promisify(execFile);
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A feed as electron-builder writes it: each file by its GitHub-safe name, sha512 and size. */
async function feed(file: string, version: string, listed: { path: string; url?: string }[]) {
  const files = [];
  for (const entry of listed) {
    const bytes = await readFile(entry.path);
    files.push({
      url: entry.url ?? releaseName(entry.path),
      sha512: await sha512Of(entry.path),
      size: bytes.length,
    });
  }
  await writeFile(file, stringify({ version, files, path: files[0]!.url, releaseDate: 'x' }));
}

/**
 * The three build jobs' artifacts as download-artifact lays them out (a folder per artifact), with
 * electron-builder's file names and feeds; `omit` leaves files out (after the feeds listed them).
 */
async function artifacts(options: { omit?: string[]; version?: string } = {}) {
  const root = await mkdtemp(join(tmpdir(), 'release-assets-'));
  dirs.push(root);
  const version = options.version ?? '1.2.3';
  const win = join(root, 'release-windows');
  const mac = join(root, 'release-macos');
  const linux = join(root, 'release-linux');
  const files: Record<string, string> = {
    exe: join(win, 'Recorder Tray Setup 1.2.3.exe'),
    exeMap: join(win, 'Recorder Tray Setup 1.2.3.exe.blockmap'),
    zip: join(mac, 'Recorder Tray-1.2.3-mac.zip'),
    zipMap: join(mac, 'Recorder Tray-1.2.3-mac.zip.blockmap'),
    armZip: join(mac, 'Recorder Tray-1.2.3-arm64-mac.zip'),
    dmg: join(mac, 'Recorder Tray-1.2.3.dmg'),
    armDmg: join(mac, 'Recorder Tray-1.2.3-arm64.dmg'),
    // The Linux packages are built in separate runs, each into its own folder.
    appImage: join(linux, 'appimage', 'Recorder Tray-1.2.3.AppImage'),
    deb: join(linux, 'deb', 'recorder-tray_1.2.3_amd64.deb'),
  };
  for (const dir of [win, mac, join(linux, 'appimage'), join(linux, 'deb')])
    await mkdir(dir, { recursive: true });
  for (const [key, file] of Object.entries(files)) await writeFile(file, `${key} bytes`);
  await feed(join(win, 'latest.yml'), version, [{ path: files.exe! }]);
  const macListed = [files.zip!, files.armZip!, files.dmg!, files.armDmg!];
  await feed(
    join(mac, 'latest-mac.yml'),
    version,
    macListed.map((path) => ({ path })),
  );
  // Each run's own feed, merged into the one the artifact carries (tools/linux-feed.ts).
  const [appImageFeed, debFeed] = [join(root, 'appimage.yml'), join(root, 'deb.yml')];
  await feed(appImageFeed, version, [{ path: files.appImage! }]);
  await feed(debFeed, version, [{ path: files.deb! }]);
  const merged = mergeLinuxFeeds(
    await readFile(appImageFeed, 'utf8'),
    await readFile(debFeed, 'utf8'),
  );
  await writeFile(join(linux, 'latest-linux.yml'), merged);
  await rm(appImageFeed);
  await rm(debFeed);
  for (const key of options.omit ?? []) await rm(files[key]!);
  return { root, files };
}

describe('the release assets', () => {
  it('are every installer, feed and blockmap, under the names the feeds give them', async () => {
    const { root, files } = await artifacts();
    const plan = await planReleaseAssets(root, '1.2.3');
    expect(plan.problems).toEqual([]);
    expect(plan.assets.map((asset) => asset.name).sort()).toEqual(
      [
        'Recorder-Tray-1.2.3-arm64-mac.zip',
        'Recorder-Tray-1.2.3-arm64.dmg',
        'Recorder-Tray-1.2.3-mac.zip',
        'Recorder-Tray-1.2.3-mac.zip.blockmap',
        'Recorder-Tray-1.2.3.AppImage',
        'Recorder-Tray-1.2.3.dmg',
        'Recorder-Tray-Setup-1.2.3.exe',
        'Recorder-Tray-Setup-1.2.3.exe.blockmap',
        'latest-linux.yml',
        'latest-mac.yml',
        'latest.yml',
        'recorder-tray_1.2.3_amd64.deb',
      ].sort(),
    );
    const out = await mkdtemp(join(tmpdir(), 'release-out-'));
    dirs.push(out);
    await stageAssets(plan.assets, out);
    expect(await readFile(join(out, 'Recorder-Tray-Setup-1.2.3.exe.blockmap'), 'utf8')).toBe(
      'exeMap bytes',
    );
    expect(await readFile(join(out, 'Recorder-Tray-1.2.3-arm64-mac.zip'), 'utf8')).toBe(
      'armZip bytes',
    );
    expect(files.exe).toContain(' '); // the file on disk keeps electron-builder's spaces
  });

  it("refuse a Windows installer without the blockmap electron-updater's differential download reads", async () => {
    const { root } = await artifacts({ omit: ['exeMap'] });
    const plan = await planReleaseAssets(root, '1.2.3');
    expect(plan.problems).toEqual([
      'latest.yml: Recorder-Tray-Setup-1.2.3.exe has no blockmap beside it',
    ]);
  });

  it('refuse a macOS feed without the Apple silicon zip', async () => {
    const { root, files } = await artifacts();
    await feed(join(root, 'release-macos', 'latest-mac.yml'), '1.2.3', [{ path: files.zip! }]);
    const plan = await planReleaseAssets(root, '1.2.3');
    expect(plan.problems).toEqual([
      'latest-mac.yml does not list the Apple silicon (arm64) zip (it lists Recorder-Tray-1.2.3-mac.zip)',
    ]);
  });

  it('refuse a Linux feed without the deb (its own run wrote it; the merge was left out)', async () => {
    const { root, files } = await artifacts();
    await feed(join(root, 'release-linux', 'latest-linux.yml'), '1.2.3', [
      { path: files.appImage! },
    ]);
    const plan = await planReleaseAssets(root, '1.2.3');
    expect(plan.problems).toEqual([
      'latest-linux.yml does not list the deb (it lists Recorder-Tray-1.2.3.AppImage)',
    ]);
  });

  it('refuse a feed naming a file that is missing, or that changed after the feed was written', async () => {
    const missing = await artifacts();
    await rm(missing.files.appImage!);
    expect((await planReleaseAssets(missing.root, '1.2.3')).problems).toEqual([
      'latest-linux.yml lists Recorder-Tray-1.2.3.AppImage, but no artifact has its size and sha512',
    ]);
    const changed = await artifacts();
    await writeFile(changed.files.exe!, 'exe BYTES'); // same size, other bytes
    expect((await planReleaseAssets(changed.root, '1.2.3')).problems).toEqual([
      'latest.yml lists Recorder-Tray-Setup-1.2.3.exe, but no artifact has its size and sha512',
    ]);
  });

  it('refuse feeds of another version, and a missing feed', async () => {
    const { root } = await artifacts({ version: '1.2.2' });
    await rm(join(root, 'release-linux', 'latest-linux.yml'));
    expect((await planReleaseAssets(root, '1.2.3')).problems).toEqual([
      'latest.yml is for version 1.2.2, not 1.2.3',
      'latest-mac.yml is for version 1.2.2, not 1.2.3',
      'latest-linux.yml: missing',
    ]);
  });
});

describe('tools/release-assets.ts', () => {
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'tools/release-assets.ts', ...args], {
      cwd: PROJECT_ROOT,
    });

  it('copies the assets for the tag, or copies nothing and says why', async () => {
    const { root } = await artifacts();
    const outs = await mkdtemp(join(tmpdir(), 'release-out-'));
    dirs.push(outs);
    const out = join(outs, 'staged');
    const { stdout } = await cli(root, out, 'v1.2.3');
    expect(stdout).toContain('Recorder-Tray-Setup-1.2.3.exe  ←  ');
    expect(await readdir(out)).toHaveLength(12);

    const refused = join(outs, 'refused');
    const failure = await cli(root, refused, 'v1.2.4').catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toContain(
      'latest.yml is for version 1.2.3, not 1.2.4',
    );
    expect(existsSync(refused)).toBe(false);
  }, 30_000);
});
