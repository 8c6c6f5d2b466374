import * as z from 'zod';
import { JOB_PLACEHOLDERS, OUTPUTS_ARG, unknownPlaceholders } from './job-placeholders';

/** What is wrong with a template's placeholders, if anything. */
function placeholderProblem(text: string): string | null {
  const unknown = unknownPlaceholders(text);
  if (unknown.includes('outputs'))
    return `${OUTPUTS_ARG} works only as a whole argument of a run step`;
  if (unknown.length === 0) return null;
  return `unknown placeholder ${unknown.map((n) => `{${n}}`).join(' ')}; use ${JOB_PLACEHOLDERS.map((n) => `{${n}}`).join(' ')}`;
}

/**
 * Says which placeholders of a template are unknown, so the settings refuse it at load;
 * `allowed` is one whole value taken as it is (`{outputs}` as an argument).
 */
const Template = (max: number, allowed: string | null = null) =>
  z
    .string()
    .max(max)
    .superRefine((text, context) => {
      const problem = text === allowed ? null : placeholderProblem(text);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });

/** A program's path or name (looked up on PATH when it has no folder). */
const ProgramPath = z.string().trim().min(1).max(4096);
/**
 * Arguments, one placeholder expanding inside one argument whatever it holds; `{outputs}` alone
 * is allowed here and checked against the step's kind and the rule's trigger by JobRule.
 */
const Args = z.array(Template(4096, OUTPUTS_ARG)).max(200);

/** Where the tools are; an absent one is looked up on PATH (`.exe` on Windows). */
export const JobTools = z.object({
  ffmpeg: ProgramPath.optional(),
  rclone: ProgramPath.optional(),
  danmakuFactory: ProgramPath.optional(),
});
/** Where the tools are. */
export type JobTools = z.infer<typeof JobTools>;

/** Remux to MP4 with ffmpeg (`-c copy`, `+faststart`); the MP4 is the next step's `{output}`. */
export const RemuxStep = z.object({
  kind: z.literal('remux'),
  format: z.literal('mp4').default('mp4'),
  /** Delete the FLV once the MP4 is complete. */
  deleteSource: z.boolean().default(false),
});
/** Danmaku XML beside the video → ASS with DanmakuFactory; `args` are added to its own. */
export const DanmakuStep = z.object({
  kind: z.literal('danmaku'),
  program: ProgramPath.optional(), // else jobs.tools.danmakuFactory, else PATH
  args: Args.optional(),
});
/** `rclone copy {output} <remote>`, e.g. `nas:recordings/{streamer}`. */
export const UploadStep = z.object({
  kind: z.literal('upload'),
  remote: Template(4096).pipe(z.string().trim().min(1)),
});
/** Moves `{output}` to a path (a template) that must resolve under a recording root or `moveRoots`. */
export const MoveStep = z.object({
  kind: z.literal('move'),
  to: Template(4096).pipe(z.string().trim().min(1)),
});
/** A program of the user's own: no shell, one argument per array item. */
export const RunStep = z.object({
  kind: z.literal('run'),
  program: ProgramPath,
  args: Args.default([]),
  /** Killed with its whole process tree past this; absent: no limit. */
  timeoutSeconds: z
    .number()
    .positive()
    .max(7 * 86_400)
    .optional(),
});
/** One step of a job rule. */
export const RuleStep = z.discriminatedUnion('kind', [
  RemuxStep,
  DanmakuStep,
  UploadStep,
  MoveStep,
  RunStep,
]);
/** One step of a job rule. */
export type RuleStep = z.infer<typeof RuleStep>;
/** A step's kind. */
export type StepKind = RuleStep['kind'];
/** Every step kind, in the order the window offers them. */
export const STEP_KINDS = [
  'remux',
  'danmaku',
  'upload',
  'move',
  'run',
] as const satisfies readonly StepKind[];

/** What a rule acts on: each finished file, or a whole session with its files. */
export const JobTrigger = z.enum(['FileClosed', 'SessionEnded']);
/** What a rule acts on. */
export type JobTrigger = z.infer<typeof JobTrigger>;

/** A rule's id: letters, digits and `-`; jobs name their rule by it. */
export const JobRuleId = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,40}$/, 'use 1 to 40 letters, digits and - only');

/**
 * Whether a step runs once for the whole job with every file (`{outputs}` among a `run` step's
 * arguments) rather than once per file.
 */
export function runsOnce(step: RuleStep): boolean {
  return step.kind === 'run' && step.args.includes(OUTPUTS_ARG);
}

/** One rule: when it applies and its steps, run in order. */
export const JobRule = z
  .object({
    id: JobRuleId,
    name: z.string().trim().max(100).default(''),
    on: JobTrigger.default('FileClosed'),
    /** Rooms it applies to; absent or empty: every room. */
    rooms: z.array(z.number().int().nonnegative()).optional(),
    /** Recorders (ids) it applies to; absent or empty: every recorder. */
    recorders: z.array(z.string().max(40)).optional(),
    steps: z.array(RuleStep).min(1, 'add at least one step').max(20),
  })
  .superRefine((rule, context) => {
    rule.steps.forEach((step, index) => {
      const at =
        step.kind === 'run' || step.kind === 'danmaku' ? step.args?.indexOf(OUTPUTS_ARG) : -1;
      if (at === undefined || at < 0) return;
      const path = ['steps', index, 'args', at];
      if (step.kind !== 'run')
        context.addIssue({
          code: 'custom',
          path,
          message: `${OUTPUTS_ARG} works only in a run step`,
        });
      else if (rule.on !== 'SessionEnded')
        context.addIssue({
          code: 'custom',
          path,
          message: `${OUTPUTS_ARG} (every file of a session) works only in a rule on SessionEnded; use {output} for one file`,
        });
    });
  });
/** One job rule. */
export type JobRule = z.infer<typeof JobRule>;

/** How many jobs may run at once at most. */
export const MAX_JOB_CONCURRENCY = 8;

/** Acting on finished recordings (issue 33): off by default; only these local settings name programs. */
export const JobsSettings = z.object({
  enabled: z.boolean().default(false),
  concurrency: z.number().int().min(1).max(MAX_JOB_CONCURRENCY).default(1),
  tools: JobTools.prefault({}),
  rules: z
    .array(JobRule)
    .max(50)
    .superRefine((rules, context) => {
      const seen = new Set<string>();
      rules.forEach((rule, index) => {
        if (seen.has(rule.id))
          context.addIssue({
            code: 'custom',
            path: [index, 'id'],
            message: `the rule id "${rule.id}" is used twice`,
          });
        seen.add(rule.id);
      });
    })
    .default([]),
  /** Folders a `move` step may write into besides the recorders' recording roots. */
  moveRoots: z.array(z.string().trim().min(1).max(4096)).default([]),
  /** A popup when a job is done too (one always comes when a job fails). */
  notifyDone: z.boolean().default(false),
});
/** The jobs settings. */
export type JobsSettings = z.infer<typeof JobsSettings>;
