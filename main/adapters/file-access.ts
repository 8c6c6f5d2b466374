import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { NotificationAction } from '../../shared/model';
import type { PathMapping, RecorderSetting, Settings } from '../../shared/settings';
import type { FileCheck } from '../core/happening';
import { errorCode, quoteForLog } from '../core/log-text';
import type { Logger } from '../core/ports';
import {
  fileActionFor,
  isOpenableRecording,
  resolveRecordingPath,
  type FileAccess,
  type PathStyle,
  type ResolvedRecordingPath,
} from '../core/recording-path';

/** The path rules of the machine this process runs on. */
export const hostPathStyle: PathStyle = process.platform === 'win32' ? 'win32' : 'posix';

/** The inputs to decide a finished file's click action. */
export interface RecordingFileOptions {
  recordingRoot: string;
  pathMappings: readonly PathMapping[];
  openFileOnClick: boolean;
  /** For testing: defaults to this machine's rules. */
  style?: PathStyle;
}

/** The outcome of checking one RelativePath: the action, what was found, and why anything was refused. */
export interface RecordingFileCheck {
  action: NotificationAction | undefined;
  resolved: ResolvedRecordingPath;
  access: FileAccess | undefined;
  /** Set when a path was refused; `no-root` is a missing setting, not a refusal, and has none. */
  warning: string | undefined;
}

/**
 * Where a lexically checked candidate really is once symlinks are followed: a regular file inside
 * the real root (`exists`), nothing there (`missing`, also for directories and other non-files),
 * or somewhere outside the root (`outside-root`).
 */
export async function probeRecordingFile(candidate: string, root: string): Promise<FileAccess> {
  let realRoot: string;
  try {
    realRoot = await realpath(root);
  } catch {
    return 'missing'; // share not mounted, root deleted: nothing under it can be found
  }
  try {
    const real = await realpath(candidate);
    if (!isInside(realRoot, real, false)) return 'outside-root';
    return (await stat(real)).isFile() ? 'exists' : 'missing';
  } catch (error) {
    if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') {
      // Not there (yet, or any more). Its folder may still be a symlink out of the root, and
      // "show in folder" would then open that folder: check the nearest existing ancestor.
      return (await nearestAncestorInside(candidate, root, realRoot)) ? 'missing' : 'outside-root';
    }
    // ELOOP and anything else we cannot verify get no action rather than a guess.
    return errorCode(error) === 'EACCES' ? 'missing' : 'outside-root';
  }
}

/** Resolves, checks and probes a webhook's RelativePath, and chooses the click action. */
export async function checkRecordingFile(
  relativePath: string,
  options: RecordingFileOptions,
): Promise<RecordingFileCheck> {
  const resolved = resolveRecordingPath(relativePath, {
    recordingRoot: options.recordingRoot,
    pathMappings: options.pathMappings,
    style: options.style ?? hostPathStyle,
  });
  if (!resolved.ok) {
    const warning =
      resolved.reason === 'no-root'
        ? undefined
        : `recording path ${quoteForLog(relativePath)} refused (${resolved.reason}): ${resolved.message}`;
    return { action: undefined, resolved, access: undefined, warning };
  }
  const access = await probeRecordingFile(resolved.path, resolved.root);
  const warning =
    access === 'outside-root'
      ? `recording path ${quoteForLog(relativePath)} refused: it resolves outside the recording root`
      : undefined;
  return {
    action: fileActionFor(resolved, access, options.openFileOnClick),
    resolved,
    access,
    warning,
  };
}

async function nearestAncestorInside(
  candidate: string,
  root: string,
  realRoot: string,
): Promise<boolean> {
  for (
    let dir = path.dirname(candidate);
    isInside(path.resolve(root), dir, true);
    dir = path.dirname(dir)
  ) {
    try {
      return isInside(realRoot, await realpath(dir), true);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT' && errorCode(error) !== 'ENOTDIR') return false;
    }
  }
  return true; // nothing between the root and the file exists yet
}

/** Whether `candidate` lies under `root` (both resolved); `allowEqual`: the root itself counts. */
export function isInside(root: string, candidate: string, allowEqual = false): boolean {
  const relative = path.relative(root, candidate);
  if (relative === '') return allowEqual;
  return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** The recording root as a local path (after path mappings), or undefined when none is usable. */
export function localRecordingRoot(
  options: Omit<RecordingFileOptions, 'openFileOnClick'>,
): string | undefined {
  // The root is resolved exactly as for a file in it, so both go through the same mapping rules.
  const probe = resolveRecordingPath('probe', {
    recordingRoot: options.recordingRoot,
    pathMappings: options.pathMappings,
    style: options.style ?? hostPathStyle,
  });
  return probe.ok ? probe.root : undefined;
}

/**
 * Re-checks a local path at click time (the file may have moved since the notification): it may
 * be shown when it lies inside the real recording root, and opened when it also exists there and
 * has a recording extension. Returns the path to use, or null.
 */
export async function checkLocalRecordingPath(
  candidate: string,
  use: 'open' | 'show',
  options: Omit<RecordingFileOptions, 'openFileOnClick'>,
): Promise<string | null> {
  const root = localRecordingRoot(options);
  if (!root) return null;
  const access = await probeRecordingFile(candidate, root);
  if (access === 'outside-root') return null;
  if (use === 'show') return candidate;
  if (access !== 'exists') return null;
  // What gets opened is what the link points at: its name must be a recording's too.
  const real = await realpath(candidate).catch(() => null);
  return real !== null && isOpenableRecording(candidate) && isOpenableRecording(real) ? real : null;
}

/**
 * Where a finished file of a recorder is on this machine (its recording root and path mappings)
 * and what a click may do, for the settings in force.
 */
export async function fileCheck(
  relativePath: string,
  recorder: Pick<RecorderSetting, 'recordingRoot' | 'pathMappings'>,
  settings: Pick<Settings, 'notifications'>,
  log: Pick<Logger, 'warn'>,
): Promise<FileCheck> {
  const check = await checkRecordingFile(relativePath, {
    recordingRoot: recorder.recordingRoot,
    pathMappings: recorder.pathMappings,
    openFileOnClick: settings.notifications.openFileOnClick,
  });
  if (check.warning) log.warn(check.warning);
  return {
    ...(check.resolved.ok ? { resolvedPath: check.resolved.path } : {}),
    ...(check.action ? { action: check.action } : {}),
  };
}
