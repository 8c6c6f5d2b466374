import type { RuleStep } from '../../../../shared/job-rules';
import type { PathStyle } from '../../../core/recording-path';
import {
  expandArgs,
  expandPathTemplate,
  expandTemplate,
  pathParts,
  type PlaceholderValues,
} from './placeholders';

/** A tool the app knows how to call; `program` names a user's own program instead. */
export type ToolName = 'ffmpeg' | 'rclone' | 'danmakuFactory';

/** One program to start: no shell, the arguments as an array. */
export interface ProgramCall {
  /** A tool looked up in `jobs.tools` or on PATH, or the user's own program. */
  program: { tool: ToolName; override?: string } | { path: string };
  args: string[];
  /** Killed with its process tree past this; null: no limit. */
  timeoutMs: number | null;
}

/** What one step does to one file, decided before anything runs. */
export type StepPlan =
  | {
      kind: 'program';
      call: ProgramCall;
      /** Written under `temp` and renamed to `final` once the program exits 0; null: no file. */
      temp: string | null;
      final: string | null;
      /** What `{output}` is for the next step. */
      carry: string;
      /** ffmpeg's progress on stdout, against this input's duration. */
      progressOf?: string;
      /** Files that must exist before it runs (the danmaku XML). */
      needs?: string[];
      /** Deleted once `final` is in place (remux's `deleteSource`). */
      deleteAfter?: string;
    }
  | { kind: 'move'; from: string; to: string }
  | { kind: 'skip'; carry: string; why: string };

const join = (dir: string, name: string, style: PathStyle) =>
  dir === ''
    ? name
    : `${dir}${dir.endsWith('/') || dir.endsWith('\\') ? '' : style === 'win32' ? '\\' : '/'}${name}`;

/**
 * The plan of one step for one file: `values` are the file's placeholders (`{output}` is what the
 * previous step produced, `{path}` the recording itself); `outputs`, every file of the job as the
 * earlier steps left it, for a step that runs once with them all (`{outputs}`).
 */
export function planStep(
  step: RuleStep,
  values: PlaceholderValues,
  style: PathStyle,
  outputs?: readonly string[],
): StepPlan {
  const input = values.output;
  switch (step.kind) {
    case 'remux':
      return planRemux(step, input, style);
    case 'danmaku': {
      // The recorder writes the danmaku beside the recording, with the recording's stem.
      const { dir, stem } = pathParts(values.path, style);
      const xml = join(dir, `${stem}.xml`, style);
      const final = join(dir, `${stem}.ass`, style);
      const temp = `${final}.part`;
      return {
        kind: 'program',
        call: {
          program: { tool: 'danmakuFactory', ...(step.program ? { override: step.program } : {}) },
          // DanmakuFactory's CLI: `-o [format] <file> -i [format] <file>`, then its settings.
          args: ['-o', 'ass', temp, '-i', 'xml', xml, ...expandArgs(step.args ?? [], values)],
          timeoutMs: null,
        },
        temp,
        final,
        carry: input, // the video goes on to the next step; the ASS lies beside it
        needs: [xml],
      };
    }
    case 'upload':
      return {
        kind: 'program',
        // `--`: nothing after it is read as a flag, whatever a title in the remote holds.
        call: {
          program: { tool: 'rclone' },
          args: ['copy', '--', input, expandTemplate(step.remote, values)],
          timeoutMs: null,
        },
        temp: null,
        final: null,
        carry: input,
      };
    case 'move':
      return { kind: 'move', from: input, to: expandPathTemplate(step.to, values) };
    case 'run':
      return {
        kind: 'program',
        call: {
          program: { path: step.program },
          args: expandArgs(step.args, values, outputs),
          timeoutMs: step.timeoutSeconds === undefined ? null : step.timeoutSeconds * 1000,
        },
        temp: null,
        final: null,
        carry: input,
      };
  }
}

function planRemux(
  step: Extract<RuleStep, { kind: 'remux' }>,
  input: string,
  style: PathStyle,
): StepPlan {
  const { dir, name, stem } = pathParts(input, style);
  if (/\.mp4$/i.test(name)) return { kind: 'skip', carry: input, why: `${name} is an MP4 already` };
  const final = join(dir, `${stem}.mp4`, style);
  const temp = `${final}.part`;
  return {
    kind: 'program',
    call: {
      program: { tool: 'ffmpeg' },
      // `-f mp4`: the temporary name's extension says nothing; `-nostdin`: never waits on a key.
      args: [
        '-hide_banner',
        '-nostdin',
        '-i',
        input,
        '-c',
        'copy',
        '-movflags',
        '+faststart',
        '-progress',
        'pipe:1',
        '-y',
        '-f',
        'mp4',
        temp,
      ],
      timeoutMs: null,
    },
    temp,
    final,
    carry: final,
    progressOf: input,
    ...(step.deleteSource ? { deleteAfter: input } : {}),
  };
}
