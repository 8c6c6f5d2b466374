import type { HistoryFile } from '../../../../shared/history';
import { errorMessage } from '../../../core/log-text';
import type { Happening } from '../../../core/happening';
import type { HappeningSource, SourceContext } from '../../../core/plug-ins';
import { findTool } from '../../jobs/adapters/find-program';
import { mediaDuration } from '../../jobs/adapters/media-duration';

/** What the durations need besides the source's context. */
export interface FileDurationsOptions {
  /** Keeps a listed file's duration; resolves with the file as now listed (none: not kept). */
  setDuration: (key: string, seconds: number) => Promise<HistoryFile | undefined>;
  /** A listed file changed (the window reads its page again). */
  changed: (file: HistoryFile) => void;
  /** Where ffprobe is (default: jobs' tools, beside their ffmpeg, then PATH). */
  findFfprobe?: (context: SourceContext) => Promise<string | null>;
}

/** Files waiting for ffprobe at most: a burst beyond it is listed without durations. */
const MAX_WAITING = 200;

/**
 * The length of a finished file from a recorder that tells none (blrec, DDTV, biliLive-tools,
 * bililive-go), read by ffprobe after the file is listed: the webhook's answer and the file's
 * row never wait for it. One file at a time; where the recording root finds the file only.
 * Without ffprobe the files keep their size alone, and the log says so once.
 */
export function fileDurationsSource(options: FileDurationsOptions): HappeningSource {
  let context: SourceContext | undefined;
  let unobserve: (() => void) | undefined;
  let abort = new AbortController();
  let queue: Promise<void> = Promise.resolve();
  let waiting = 0;
  let toldMissing = false;
  const find = options.findFfprobe ?? ((c) => findTool('ffprobe', c.settings().jobs.tools));

  const probe = async (key: string, path: string): Promise<void> => {
    if (!context || abort.signal.aborted) return;
    const ffprobe = await find(context);
    if (!ffprobe) {
      if (!toldMissing)
        context.log.info(
          'ffprobe is not installed (not on PATH, nor beside the ffmpeg of Settings → Actions): files of recorders that tell no duration are listed with their size only',
        );
      toldMissing = true;
      return;
    }
    toldMissing = false;
    const seconds = await mediaDuration(ffprobe, path, abort.signal);
    if (seconds === undefined || abort.signal.aborted) return;
    const file = await options.setDuration(key, seconds);
    if (file) options.changed(file);
  };

  const happened = (happening: Happening): void => {
    const path = happening.fileCheck?.resolvedPath;
    const { file, key } = happening;
    if (happening.kind !== 'FileClosed' || !file || file.durationSeconds || !path || !key) return;
    const recorderId = happening.recorderId ?? file.recorderId;
    const recorder = context?.recorders().find((r) => r.id === recorderId);
    if (!recorder || recorder.kind === 'bililive-recorder' || waiting >= MAX_WAITING) return;
    waiting += 1;
    // After the file's row: its insert is queued in this same turn, ahead of the duration's write.
    queue = queue
      .then(() => probe(key, path))
      .catch((error: unknown) => context?.log.warn(`ffprobe: ${errorMessage(error)}`))
      .finally(() => (waiting -= 1));
  };

  return {
    name: 'file-durations',
    start(started) {
      context = started;
      abort = new AbortController();
      unobserve = started.observe({ happened, otherKindsOnly: true });
    },
    async stop() {
      abort.abort();
      unobserve?.();
      unobserve = undefined;
      await queue;
    },
  };
}
