import type * as z from 'zod';
import { RunStep } from './job-rules';

/** A job's `run` step. */
type RunStepValue = z.infer<typeof RunStep>;

/** What the biliup preset asks once: the program, the cookie file `biliup login` wrote, the post. */
export interface BiliupChoices {
  /** `biliup` on PATH, or its path. */
  program: string;
  /** The cookie file made by `biliup login` (`-u`), chosen once. */
  cookieFile: string;
  /** bilibili's area (`--tid`; biliup's default is 171). */
  tid: number;
  /** Tags, joined with commas for `--tag`. */
  tags: readonly string[];
  /** The title, a template of the job's placeholders. */
  title: string;
}

/** The title when none is chosen: the streamer, the day and the stream's title. */
export const BILIUP_TITLE = '{streamer} {date} {title}';

/**
 * A session's first part uploaded with biliup (biliup/biliup `crates/biliup-cli`: global flags
 * before the subcommand, `upload`'s flags from `crates/biliup/src/uploader/bilibili.rs`): a
 * reprint (`--copyright 2`) whose source is the room's page, as a `run` step of a job.
 */
export function biliupUploadStep(choices: BiliupChoices): RunStepValue {
  return RunStep.parse({
    kind: 'run',
    program: choices.program,
    args: [
      ...['-u', choices.cookieFile, 'upload'],
      ...['--copyright', '2', '--source', 'https://live.bilibili.com/{roomId}'],
      ...['--tid', String(choices.tid), '--title', choices.title || BILIUP_TITLE],
      ...(choices.tags.length > 0 ? ['--tag', choices.tags.join(',')] : []),
      '{output}',
    ],
  });
}

/** The next parts of a session added to the video already uploaded (`append -v BV…`). */
export function biliupAppendStep(
  choices: Pick<BiliupChoices, 'program' | 'cookieFile'>,
  bvid: string,
): RunStepValue {
  return RunStep.parse({
    kind: 'run',
    program: choices.program,
    args: ['-u', choices.cookieFile, 'append', '-v', bvid, '{output}'],
  });
}
