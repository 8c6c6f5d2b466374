// Gathers the release's files from the build jobs' artifacts under the names the update feeds
// give them, after checking every feed against the files: a feed that names a file the release
// lacks, or lists it with another hash, would leave installed apps failing to update.
// electron-builder lists a file by its GitHub-safe name (spaces become dashes, as its GitHub
// publisher uploads it: app-builder-lib's computeSafeArtifactNameIfNeeded), while the file on disk
// keeps its spaces ("Recorder Tray Setup 1.2.3.exe"): each file is found by size and sha512.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { FEED_REQUIREMENTS, feedProblems, isGitHubSafeName, parseFeed } from './update-feeds';

/** The installers and their update payloads (electron-builder.yml's targets). */
const INSTALLER = /\.(exe|dmg|zip|AppImage|deb)$/;

/** A file to upload: where it is, and its asset name on the release. */
export interface ReleaseAsset {
  file: string;
  name: string;
}

/** The release's assets, or what is wrong. */
export interface AssetPlan {
  assets: ReleaseAsset[];
  problems: string[];
}

/** Every file under `dir`, recursively (the artifacts of several jobs arrive in folders). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The base64 sha512 of a file, as electron-builder writes it into a feed. */
export async function sha512Of(file: string): Promise<string> {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('base64');
}

/** The name electron-builder gives a file on a GitHub release: spaces become dashes. */
export function releaseName(file: string): string {
  return path.basename(file).replace(/ /g, '-');
}

/**
 * Plans the upload of a release of `version` from the artifacts under `dir`: the three feeds (each
 * checked: its version, what it must list, every listed file present with its hash, the blockmaps
 * it needs), the files they list under the names they list them by, and the installers no feed
 * lists (the deb, the dmg) under their GitHub-safe names.
 */
export async function planReleaseAssets(dir: string, version: string): Promise<AssetPlan> {
  const files = await filesUnder(dir);
  const problems: string[] = [];
  const assets = new Map<string, string>();
  const add = (name: string, file: string) => {
    const earlier = assets.get(name);
    if (earlier !== undefined && earlier !== file)
      problems.push(`two files would be ${name}: ${earlier} and ${file}`);
    else if (!isGitHubSafeName(name)) problems.push(`${name} is not a name GitHub keeps`);
    else assets.set(name, file);
  };
  const installers = files.filter((file) => INSTALLER.test(file));
  const hashes = new Map<string, Promise<string>>();
  const hashOf = (file: string) => hashes.get(file) ?? hashes.set(file, sha512Of(file)).get(file)!;
  const listed = new Set<string>();

  for (const feedName of Object.keys(FEED_REQUIREMENTS)) {
    const found = files.filter((file) => path.basename(file) === feedName);
    if (found.length !== 1) {
      problems.push(`${feedName}: ${found.length === 0 ? 'missing' : `${found.length} copies`}`);
      continue;
    }
    let feed;
    try {
      feed = parseFeed(feedName, await readFile(found[0]!, 'utf8'));
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
      continue;
    }
    problems.push(...feedProblems(feed, version));
    add(feedName, found[0]!);
    for (const entry of feed.files) {
      const file = await fileListed(installers, entry, hashOf);
      if (file === undefined) {
        problems.push(`${feedName} lists ${entry.url}, but no artifact has its size and sha512`);
        continue;
      }
      listed.add(file);
      add(entry.url, file);
      const needsBlockmap = (FEED_REQUIREMENTS[feedName] ?? []).some(
        (r) => r.blockmap && r.matches(entry.url),
      );
      const blockmap = `${file}.blockmap`;
      if (files.includes(blockmap)) add(`${entry.url}.blockmap`, blockmap);
      else if (needsBlockmap) problems.push(`${feedName}: ${entry.url} has no blockmap beside it`);
    }
  }
  for (const file of installers.filter((f) => !listed.has(f))) {
    add(releaseName(file), file);
    if (files.includes(`${file}.blockmap`))
      add(`${releaseName(file)}.blockmap`, `${file}.blockmap`);
  }
  const list = [...assets].map(([name, file]) => ({ name, file }));
  return { assets: list.sort((a, b) => a.name.localeCompare(b.name)), problems };
}

/** The artifact a feed entry names: same size (when given) and same sha512. */
async function fileListed(
  installers: readonly string[],
  entry: { url: string; sha512: string; size?: number | undefined },
  hashOf: (file: string) => Promise<string>,
): Promise<string | undefined> {
  for (const file of installers) {
    if (entry.size !== undefined && (await stat(file)).size !== entry.size) continue;
    if ((await hashOf(file)) === entry.sha512) return file;
  }
  return undefined;
}

/** Copies the planned assets into `outDir` under their release names. */
export async function stageAssets(assets: readonly ReleaseAsset[], outDir: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  for (const asset of assets) await copyFile(asset.file, path.join(outDir, asset.name));
}
