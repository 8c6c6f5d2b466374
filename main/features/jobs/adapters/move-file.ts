import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { errorCode } from '../../../core/log-text';
import { isInside } from '../../../adapters/file-access';
import { moveWithoutReplacing } from '../../../adapters/move-without-replacing';

/** How a move ended. */
export type MoveEnd = { ok: true } | { ok: false; error: string; retry: boolean };

/** The real path of the nearest folder of `target` that exists (symlinks followed). */
async function realAncestor(target: string): Promise<string | null> {
  for (let dir = path.dirname(target); ; dir = path.dirname(dir)) {
    try {
      return path.join(await realpath(dir), path.relative(dir, path.dirname(target)));
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') return null;
      if (path.dirname(dir) === dir) return null;
    }
  }
}

/**
 * The root among `roots` that `target` lies under, lexically and once symlinks are followed
 * (a folder linked out of the root does not count); null: none, and nothing may be written.
 */
export async function rootHolding(
  target: string,
  roots: readonly string[],
): Promise<string | null> {
  if (!path.isAbsolute(target)) return null;
  const resolved = path.resolve(target);
  const realFolder = await realAncestor(resolved);
  if (realFolder === null) return null;
  for (const root of roots) {
    if (root.trim() === '' || !path.isAbsolute(root)) continue;
    if (!isInside(path.resolve(root), resolved)) continue;
    const realRoot = await realpath(root).catch(() => null);
    if (realRoot !== null && isInside(realRoot, path.join(realFolder, path.basename(resolved))))
      return root;
  }
  return null;
}

/**
 * Moves `from` to `to`, which must lie under one of `roots` (the recording roots and the user's
 * `moveRoots`): never writes anywhere else, never replaces a file (moveWithoutReplacing).
 */
export async function moveFile(
  from: string,
  to: string,
  roots: readonly string[],
): Promise<MoveEnd> {
  if ((await rootHolding(to, roots)) === null)
    return {
      ok: false,
      error: `refused: ${to} is not under a recording root or a folder in jobs.moveRoots`,
      retry: false,
    };
  if (path.resolve(from) === path.resolve(to)) return { ok: true };
  try {
    if ((await moveWithoutReplacing(from, to)) === 'exists')
      return { ok: false, error: `${to} exists already`, retry: false };
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      error: `cannot move ${from} to ${to}: ${(error as Error).message}`,
      retry: true,
    };
  }
}
