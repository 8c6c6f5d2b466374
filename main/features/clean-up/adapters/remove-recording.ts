import { lstat, realpath, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { RemovalHow } from '../../../../shared/clean-up';
import { errorMessage } from '../../../core/log-text';
import { isInside } from '../../../adapters/file-access';
import { moveWithoutReplacing } from '../../../adapters/move-without-replacing';

/** Puts a file into the OS trash (the desktop app: Electron's `shell.trashItem`). */
export type TrashPort = (file: string) => Promise<void>;

/** How one file is removed, and where its recording root is. */
export interface RemovalOrder {
  /** The file on this machine, as listed. */
  path: string;
  /** Under the recording root, `/`-separated: `move` keeps it below `moveTo`. */
  relativePath: string;
  /** The recording root (as listed: the real path). */
  root: string;
  then: RemovalHow;
  moveTo?: string;
  /** The size and time it was planned with: a file that changed since is left alone. */
  bytes: number;
  modifiedAt: number;
}

/** What became of one file: removed (or moved, and where to), or why not (the file stays). */
export type RemovalOutcome = { ok: true; movedTo?: string } | { ok: false; error: string };

/**
 * Removes one planned file, after checking again that it is still the regular file planned
 * (not a symlink, same size and time) and still inside the real recording root. `trash` needs the
 * host's trash (absent in headless mode: refused); `move` never replaces a file at the target.
 */
export async function removeRecording(
  order: RemovalOrder,
  trash: TrashPort | undefined,
): Promise<RemovalOutcome> {
  try {
    const info = await lstat(order.path);
    if (!info.isFile()) return { ok: false, error: 'not a regular file any more' };
    if (info.size !== order.bytes || info.mtimeMs !== order.modifiedAt)
      return { ok: false, error: 'changed since it was planned; left for the next pass' };
    const [realRoot, real] = await Promise.all([realpath(order.root), realpath(order.path)]);
    if (!isInside(realRoot, real)) return { ok: false, error: 'outside the recording root' };
    switch (order.then) {
      case 'trash':
        if (!trash) return { ok: false, error: 'no trash here (the desktop app has one)' };
        await trash(real);
        return { ok: true };
      case 'delete':
        await unlink(real);
        return { ok: true };
      case 'move':
        return await moveBelow(real, order);
    }
  } catch (error) {
    return { ok: false, error: errorMessage(error) };
  }
}

async function moveBelow(real: string, order: RemovalOrder): Promise<RemovalOutcome> {
  if (!order.moveTo) return { ok: false, error: 'no moveTo folder' };
  const base = path.resolve(order.moveTo);
  const target = path.join(base, ...order.relativePath.split('/'));
  if (!isInside(base, target)) return { ok: false, error: 'the target is outside moveTo' };
  if ((await moveWithoutReplacing(real, target)) === 'exists')
    return { ok: false, error: `${target} exists already` };
  return { ok: true, movedTo: target };
}
