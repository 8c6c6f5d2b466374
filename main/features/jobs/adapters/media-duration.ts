import { execFile } from 'node:child_process';
import * as z from 'zod';
import { lazySchema } from '../../../../shared/lazy-schema';
import { safeParseUnknown, jsonOrUndefined } from '../../../../shared/parse';

/** What `ffprobe -show_entries format=duration -of json` prints (the duration a decimal string). */
const ProbedFormat = lazySchema(() =>
  z.object({
    format: z.object({ duration: z.string().optional() }).optional(),
  }),
);

/** How long one ffprobe may run: a finished file's header and index are read in well under it. */
const PROBE_TIMEOUT_MS = 30_000;

/**
 * A media file's length in seconds read by ffprobe (argv, no shell), undefined when it cannot
 * tell: not a media file, no duration, ffprobe failed, timed out or was aborted.
 */
export function mediaDuration(
  ffprobe: string,
  file: string,
  signal?: AbortSignal,
): Promise<number | undefined> {
  const args = ['-v', 'error', '-show_entries', 'format=duration', '-of', 'json', file];
  return new Promise((resolve) => {
    execFile(
      ffprobe,
      args,
      {
        timeout: PROBE_TIMEOUT_MS,
        windowsHide: true,
        shell: false,
        maxBuffer: 64 * 1024,
        ...(signal ? { signal } : {}),
      },
      (error, stdout) => {
        if (error) return resolve(undefined);
        resolve(durationOf(stdout));
      },
    );
  });
}

function durationOf(stdout: string): number | undefined {
  const parsed = safeParseUnknown(ProbedFormat(), jsonOrUndefined(stdout));
  if (!parsed.ok) return undefined;
  const seconds = Number(parsed.value.format?.duration);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}
