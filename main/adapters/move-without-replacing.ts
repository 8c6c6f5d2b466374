import { constants } from 'node:fs';
import { copyFile, lstat, mkdir, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { errorCode } from '../core/log-text';

/** How a move ended: moved, or not, because something is at the target already. */
export type MoveResult = 'moved' | 'exists';

/** Whether anything is at `file`: a symlink counts, dangling or not (lstat, never stat). */
async function taken(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Moves the file `from` to `to` (its folders made) and never replaces what is at `to`: a symlink
 * there counts too, even a dangling one, which a stat would follow and call free, and a rename
 * would then replace. On one disk it is one rename. Across disks (EXDEV) the copy goes to
 * `<to>.part` and is renamed, so the final name never holds half a file; the target is looked at
 * again before that rename (a long copy leaves time for another writer), a failed copy leaves no
 * `.part`, and `from` is unlinked last (unlink removes a link itself, never what it points to).
 * Other failures throw. Written here because fs-extra's and move-file's `move` test the target
 * with a stat and copy straight to the final name.
 */
export async function moveWithoutReplacing(from: string, to: string): Promise<MoveResult> {
  if (await taken(to)) return 'exists';
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
    return 'moved';
  } catch (error) {
    if (errorCode(error) !== 'EXDEV') throw error;
  }
  const part = `${to}.part`;
  try {
    // A `.part` a kill left is ours: removed first, so that a link put there is never written through.
    await rm(part, { force: true });
    await copyFile(from, part, constants.COPYFILE_EXCL);
    if (await taken(to)) {
      await rm(part, { force: true });
      return 'exists';
    }
    await rename(part, to);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
  await unlink(from);
  return 'moved';
}
