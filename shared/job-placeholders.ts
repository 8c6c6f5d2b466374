// The placeholders a job step's arguments, upload remote and move target may hold. Pure and
// shared: the settings schema refuses an unknown one at load, main/features/jobs/core/placeholders.ts
// expands them at run time, the window lists them.

/** Every placeholder a job step may use, without braces. */
export const JOB_PLACEHOLDERS = [
  'path', // the file on this machine
  'dir', // its folder
  'name', // its file name
  'stem', // its file name without the extension
  'roomId',
  'roomUrl', // the room's page on its platform (empty when it has none)
  'streamer',
  'title',
  'area',
  'recorder', // the recorder's id
  'sessionId',
  'date', // the file's end, local time, YYYY-MM-DD
  'time', // the same, HH-mm-ss (no colon: Windows file names cannot hold one)
  'output', // the previous step's output file (the input file for the first step)
] as const;
/**
 * The one whole-argument placeholder: a `run` step's argument that is exactly `{outputs}` becomes
 * one argument per file of the session (each as the earlier steps left it, in the session's
 * order), and the step runs once for the whole job. Only in SessionEnded rules (shared/job-rules.ts).
 */
export const OUTPUTS_ARG = '{outputs}';

/** One placeholder's name. */
export type JobPlaceholder = (typeof JOB_PLACEHOLDERS)[number];

const KNOWN: ReadonlySet<string> = new Set(JOB_PLACEHOLDERS);

/** Matches one `{name}`; `{{` and `}}` are a literal brace (see splitTemplate). */
export const PLACEHOLDER_PATTERN = /\{\{|\}\}|\{([^{}]*)\}/g;

/** The names inside braces in `template` that are not placeholders (each once, in order). */
export function unknownPlaceholders(template: string): string[] {
  const unknown: string[] = [];
  for (const match of template.matchAll(PLACEHOLDER_PATTERN)) {
    const name = match[1];
    if (name !== undefined && !KNOWN.has(name) && !unknown.includes(name)) unknown.push(name);
  }
  return unknown;
}

/** Whether a name is a placeholder. */
export function isJobPlaceholder(name: string): name is JobPlaceholder {
  return KNOWN.has(name);
}
