import { rename, rm, stat } from 'node:fs/promises';
import type { JobTools } from '../../../../shared/job-rules';
import { FfmpegProgress } from '../core/ffmpeg-progress';
import type { StepEnd } from '../core/job-queue';
import type { ProgramCall, StepPlan } from '../core/step-plan';
import { findProgram, findTool } from './find-program';
import { mediaDuration } from './media-duration';
import { moveFile } from './move-file';
import { runProgram } from './run-program';

/** What running one step on one file is told and tells back. */
export interface StepRun {
  tools: JobTools;
  /** Folders `move` may write into: the recording roots and `jobs.moveRoots`. */
  moveRoots: readonly string[];
  /** The recorder's idea of the file's duration (seconds), when ffprobe cannot tell. */
  durationSeconds: number | null;
  signal: AbortSignal;
  onProgress(fraction: number): void;
  onLines(lines: string[]): void;
  onStart(pid: number): void;
  env?: NodeJS.ProcessEnv;
}

const exists = async (file: string) => (await stat(file).catch(() => undefined))?.isFile();

async function programOf(call: ProgramCall, tools: JobTools): Promise<string | null> {
  const { program } = call;
  if ('path' in program) return findProgram(program.path);
  if (program.override) return findProgram(program.override);
  return findTool(program.tool, tools);
}

function programName(call: ProgramCall, tools: JobTools): string {
  const { program } = call;
  if ('path' in program) return program.path;
  return program.override ?? tools[program.tool] ?? program.tool;
}

/**
 * Runs one planned step on one file: a program (no shell) writing to a temporary name that is
 * renamed once it exits 0, a move within the named roots, or nothing (a skip). A program that is
 * missing or fails ends the step with its own words; its temporary file is removed.
 */
export async function runStepPlan(plan: StepPlan, run: StepRun): Promise<StepEnd> {
  if (plan.kind === 'skip') {
    run.onLines([plan.why]);
    return { ok: true, carry: plan.carry, produced: null };
  }
  if (plan.kind === 'move') {
    const moved = await moveFile(plan.from, plan.to, run.moveRoots);
    if (!moved.ok) return { ok: false, error: moved.error, retry: moved.retry };
    run.onLines([`moved to ${plan.to}`]);
    return { ok: true, carry: plan.to, produced: plan.to };
  }
  const program = await programOf(plan.call, run.tools);
  if (program === null)
    return {
      ok: false,
      error: `program not found: ${programName(plan.call, run.tools)}`,
      retry: false,
    };
  for (const needed of plan.needs ?? []) {
    if (!(await exists(needed)))
      return { ok: false, error: `${needed} does not exist`, retry: false };
  }
  const progress = plan.progressOf ? await progressReader(plan.progressOf, run) : null;
  const end = await runProgram(program, plan.call.args, {
    timeoutMs: plan.call.timeoutMs,
    signal: run.signal,
    onLines: run.onLines,
    onStart: run.onStart,
    ...(progress ? { onStdout: progress } : {}),
    ...(run.env ? { env: run.env } : {}),
  });
  if (!end.ok) {
    if (plan.temp) await rm(plan.temp, { force: true });
    return { ok: false, error: end.error, retry: end.retry };
  }
  try {
    if (plan.temp && plan.final) await rename(plan.temp, plan.final);
    if (plan.deleteAfter) await rm(plan.deleteAfter, { force: true });
  } catch (error) {
    return {
      ok: false,
      error: `cannot put ${plan.final} in place: ${(error as Error).message}`,
      retry: true,
    };
  }
  return { ok: true, carry: plan.carry, produced: plan.final };
}

/** ffmpeg's progress against the input's duration (ffprobe's, else the recorder's). */
async function progressReader(input: string, run: StepRun): Promise<(chunk: string) => void> {
  const ffprobe = await findTool('ffprobe', run.tools);
  const duration =
    (ffprobe ? await mediaDuration(ffprobe, input) : undefined) ?? run.durationSeconds;
  const reader = new FfmpegProgress(duration);
  return (chunk) => {
    const fraction = reader.feed(chunk);
    if (fraction !== null) run.onProgress(fraction);
  };
}
