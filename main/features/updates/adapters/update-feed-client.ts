import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { errorCode } from '../../../core/log-text';
import { readCappedBody } from '../../../adapters/capped-body';
import { feedFolder, feedVersion, originUrlOf } from '../core/update-feed';
import { isVersion } from '../core/versions';

/** A feed file is a few hundred bytes; anything much larger is not one. */
const MAX_FEED_BYTES = 1024 * 1024;

/**
 * Reads the version a release feed names: `<folder>/<fileName>` (latest.yml, latest-linux.yml…),
 * following redirects (GitHub's /releases/latest/download/ is one). Throws a plain message when
 * the feed cannot be read or names no version.
 */
export async function fetchFeedVersion(
  folder: string,
  fileName: string,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<string> {
  const url = new URL(fileName, feedFolder(folder));
  const response = await (options.fetch ?? fetch)(url, {
    redirect: 'follow',
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  if (!response.ok) throw new Error(`${url.href} answered ${response.status}`);
  // Read with a cap, declared length or not: a wrong URL may serve a whole installer.
  const bytes = await readCappedBody(response, MAX_FEED_BYTES);
  if (!bytes) throw new Error(`${url.href} is not a release feed (too large)`);
  const version = feedVersion(bytes.toString('utf8'));
  if (version === undefined || !isVersion(version)) throw new Error(`${url.href} names no version`);
  return version;
}

/**
 * The `origin` remote of the clone at `projectDir` (undefined when it is not a git clone or has no
 * origin). A worktree's `.git` is a file pointing at the main clone's folder, whose config counts.
 */
export async function gitOriginUrl(projectDir: string): Promise<string | undefined> {
  const dotGit = path.join(projectDir, '.git');
  try {
    let gitDir = dotGit;
    if ((await stat(dotGit)).isFile()) {
      const pointer = /^gitdir:\s*(.+)$/m.exec(await readFile(dotGit, 'utf8'))?.[1]?.trim();
      if (pointer === undefined) return undefined;
      const worktreeDir = path.resolve(projectDir, pointer);
      const common = await readFile(path.join(worktreeDir, 'commondir'), 'utf8').catch(() => '.');
      gitDir = path.resolve(worktreeDir, common.trim());
    }
    return originUrlOf(await readFile(path.join(gitDir, 'config'), 'utf8'));
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return undefined;
    throw error;
  }
}
