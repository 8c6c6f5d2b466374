import type { Job } from '../../shared/jobs';
import type { Settings } from '../../shared/settings';

/** A file as the shell actions gate takes it: a room, its recorder, a path under its root. */
export interface JobFileRef {
  roomId: number;
  recorderId: string;
  relativePath: string;
}

// Windows paths compare without case and with either slash; a drive letter or a UNC share says so.
const WINDOWS_PATH = /^(?:[A-Za-z]:[\\/]|\\\\)/;

/**
 * A job's result as a path under its recorder's recording root, for `file:open` and
 * `file:showInFolder`: main resolves and checks it again like any file of the Files list, so
 * the window never hands it a path of its own. Null when the job has no result on this machine
 * yet, or the result lies outside the root (uploaded, moved away), where the gate would refuse.
 */
export function jobOutputRef(job: Job, settings: Settings | null): JobFileRef | null {
  const output = job.outputPath;
  const root = settings?.recorders.find((r) => r.id === job.recorderId)?.recordingRoot ?? '';
  if (output === null || output === '' || root.trim() === '') return null;
  const windows = WINDOWS_PATH.test(root);
  const norm = (path: string) => {
    const slashed = windows ? path.replaceAll('\\', '/') : path;
    return windows ? slashed.toLowerCase() : slashed;
  };
  const base = norm(root).replace(/\/+$/, '');
  const target = norm(output);
  if (!target.startsWith(`${base}/`)) return null;
  // Cut from the original text: the case of the file's own name is kept.
  const relative = (windows ? output.replaceAll('\\', '/') : output).slice(base.length + 1);
  if (relative === '' || relative.split('/').includes('..')) return null;
  return { roomId: job.roomId, recorderId: job.recorderId, relativePath: relative };
}
