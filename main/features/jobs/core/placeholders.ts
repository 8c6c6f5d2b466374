import {
  isJobPlaceholder,
  OUTPUTS_ARG,
  PLACEHOLDER_PATTERN,
  type JobPlaceholder,
} from '../../../../shared/job-placeholders';
import { liveRoomUrl } from '../../../core/links';
import type { PathStyle } from '../../../core/recording-path';

/** The value of every placeholder for one file of one job. */
export type PlaceholderValues = Readonly<Record<JobPlaceholder, string>>;

/** What a job knows of the happening it acts on (kept with the job: a restart fills the same). */
export interface JobFacts {
  recorderId: string;
  roomId: number;
  /** The room's page (absent in jobs kept by earlier builds: bilibili's, from `roomId`). */
  roomUrl?: string;
  streamer: string;
  title: string;
  area: string;
  sessionId: string;
  /** Epoch ms the file (or the session) finished: `{date}` and `{time}`, local time. */
  endedAt: number;
}

/**
 * Expands a template into ONE string: each placeholder's value is text wherever it goes, so a
 * title holding `"; rm -rf ~` or `$(…)` stays text inside the one argument it fills (no shell
 * ever reads it). `{{` and `}}` are literal braces; an unknown name stays as written (the
 * settings schema refuses one at load).
 */
export function expandTemplate(template: string, values: PlaceholderValues): string {
  return template.replace(PLACEHOLDER_PATTERN, (whole, name: string | undefined) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    return name !== undefined && isJobPlaceholder(name) ? values[name] : whole;
  });
}

/**
 * Arguments expanded one for one: never split, never joined; an argument that is exactly
 * `{outputs}` becomes one argument per file of `outputs` (the job's files, in order).
 */
export function expandArgs(
  args: readonly string[],
  values: PlaceholderValues,
  outputs: readonly string[] = [values.output],
): string[] {
  return args.flatMap((arg) => (arg === OUTPUTS_ARG ? outputs : [expandTemplate(arg, values)]));
}

// Characters no file name may hold on Windows (and `/` on every system), and control characters.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const NOT_IN_A_NAME = /[/\\:*?"<>|\u0000-\u001f]/g;

/**
 * Expands a path template (`move`'s `to`): the text placeholders (title, streamer, area…) become
 * one path segment each (separators and characters Windows refuses turned into `_`, `..` into
 * `_`), so a title cannot add folders or climb out; `{path}` `{dir}` `{output}` stay paths.
 */
export function expandPathTemplate(template: string, values: PlaceholderValues): string {
  const safe = { ...values } as Record<JobPlaceholder, string>;
  for (const key of Object.keys(safe) as JobPlaceholder[]) {
    if (key === 'path' || key === 'dir' || key === 'output') continue;
    const segment = safe[key].replace(NOT_IN_A_NAME, '_');
    safe[key] = segment === '..' || segment === '.' ? '_' : segment;
  }
  return expandTemplate(template, safe);
}

/** A path's folder, file name and stem under the path rules of `style`. */
export function pathParts(
  filePath: string,
  style: PathStyle,
): { dir: string; name: string; stem: string } {
  const cut =
    style === 'win32'
      ? Math.max(filePath.lastIndexOf('/'), filePath.lastIndexOf('\\'))
      : filePath.lastIndexOf('/');
  const dir = cut < 0 ? '' : cut === 0 ? filePath.slice(0, 1) : filePath.slice(0, cut);
  const name = filePath.slice(cut + 1);
  const dot = name.lastIndexOf('.');
  return { dir, name, stem: dot > 0 ? name.slice(0, dot) : name };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Every placeholder's value for one file: `path` is the file the job started from, `output` what
 * the previous step produced (the file itself for the first step).
 */
export function placeholderValues(
  facts: JobFacts,
  file: { path: string; output: string },
  style: PathStyle,
): PlaceholderValues {
  const { dir, name, stem } = pathParts(file.path, style);
  const at = new Date(facts.endedAt);
  return {
    path: file.path,
    dir,
    name,
    stem,
    roomId: String(facts.roomId),
    roomUrl: facts.roomUrl ?? liveRoomUrl(facts.roomId) ?? '',
    streamer: facts.streamer,
    title: facts.title,
    area: facts.area,
    recorder: facts.recorderId,
    sessionId: facts.sessionId,
    date: `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`,
    time: `${two(at.getHours())}-${two(at.getMinutes())}-${two(at.getSeconds())}`,
    output: file.output,
  };
}
