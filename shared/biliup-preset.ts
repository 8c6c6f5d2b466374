import type * as z from 'zod';
import { OUTPUTS_ARG } from './job-placeholders';
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
 * A whole session posted with biliup as one video whose parts are the session's files in the
 * order recorded (biliup/biliup `crates/biliup-cli/src/cli.rs`: global `-u` before the
 * subcommand, `upload`'s `video_path: Vec<PathBuf>` each one part; the flags from
 * `crates/biliup/src/uploader/bilibili.rs` `Studio`): a reprint (`--copyright 2`) whose source is
 * the room's page, as the `run` step of a SessionEnded rule (`{outputs}`: run once, every file).
 */
export function biliupUploadStep(choices: BiliupChoices): RunStepValue {
  return RunStep.parse({
    kind: 'run',
    program: choices.program,
    args: [
      ...['-u', choices.cookieFile, 'upload'],
      ...['--copyright', '2', '--source', '{roomUrl}'],
      ...['--tid', String(choices.tid), '--title', choices.title || BILIUP_TITLE],
      ...(choices.tags.length > 0 ? ['--tag', choices.tags.join(',')] : []),
      OUTPUTS_ARG,
    ],
  });
}

/** Each finished file added as the next part of a video already posted (`append -v BV…`). */
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
