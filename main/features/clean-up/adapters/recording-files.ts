import { lstat, opendir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage } from '../../../core/log-text';
import type { CleanUpCandidate } from '../core/clean-up-plan';
import { OPENABLE_EXTENSIONS } from '../../../core/recording-path';

/** Media and danmaku files a clean-up may remove (what may be opened, less the cover images). */
export const CLEAN_UP_EXTENSIONS: ReadonlySet<string> = new Set(
  [...OPENABLE_EXTENSIONS].filter((extension) => extension !== '.jpg' && extension !== '.png'),
);
/** How deep the walk goes under a root (the recorder's template makes one folder per room). */
const MAX_DEPTH = 8;
/** How many files one root's walk lists at most: a wrong root (a whole disk) must not take forever. */
export const MAX_LISTED_FILES = 200_000;

/** What one root's walk found, and what it could not read. */
export interface ListedRecordings {
  files: Omit<CleanUpCandidate, 'recorderId' | 'roomId'>[];
  problems: string[];
}

/**
 * Lists the recordings under a recording root: regular files with a media or danmaku extension,
 * their size and modification time. Symbolic links (files or folders) are not followed: a link
 * could lead out of the root, and nothing out of it may be removed. Folders that cannot be read
 * are named in `problems` and skipped.
 */
export async function listRecordings(root: string): Promise<ListedRecordings> {
  const problems: string[] = [];
  const files: ListedRecordings['files'] = [];
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch (error) {
    return { files, problems: [`${root}: ${errorMessage(error)}`] };
  }
  const walk = async (dir: string, relative: string[], depth: number): Promise<void> => {
    let handle;
    try {
      handle = await opendir(dir);
    } catch (error) {
      problems.push(`${dir}: ${errorMessage(error)}`);
      return;
    }
    for await (const entry of handle) {
      if (files.length >= MAX_LISTED_FILES) {
        problems.push(`${root}: more than ${MAX_LISTED_FILES} files, the rest not looked at`);
        return;
      }
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && depth < MAX_DEPTH) {
        await walk(full, [...relative, entry.name], depth + 1);
      } else if (
        entry.isFile() &&
        CLEAN_UP_EXTENSIONS.has(path.extname(entry.name).toLowerCase())
      ) {
        const info = await lstat(full).catch(() => undefined);
        if (!info?.isFile()) continue; // gone or replaced meanwhile
        files.push({
          relativePath: [...relative, entry.name].join('/'),
          path: full,
          bytes: info.size,
          modifiedAt: info.mtimeMs,
        });
      }
    }
  };
  await walk(realRoot, [], 0);
  return { files, problems };
}
