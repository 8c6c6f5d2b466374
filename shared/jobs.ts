import * as z from 'zod';
import { STEP_KINDS, JobTrigger } from './job-rules';

/** Where a job is. */
export const JobStatus = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
/** Where a job is. */
export type JobStatus = z.infer<typeof JobStatus>;

/** Where one step of a job is. */
export const JobStepStatus = z.enum(['pending', 'running', 'done', 'failed', 'cancelled']);
/** Where one step is. */
export type JobStepStatus = z.infer<typeof JobStepStatus>;

/** One step of a job: the rule's step kind, its state, its tries and what it wrote. */
export const JobStep = z.object({
  kind: z.enum(STEP_KINDS),
  status: JobStepStatus,
  /** Tries so far (at most 3). */
  tries: z.number().int().nonnegative(),
  /** The file the step produced (remux's MP4, danmaku's ASS, move's new path); null: none. */
  output: z.string().nullable(),
  /** The tool's words when it failed. */
  error: z.string().nullable(),
  startedAt: z.number().nullable(),
  endedAt: z.number().nullable(),
});
/** One step of a job. */
export type JobStep = z.infer<typeof JobStep>;

/** How many of the tool's last output lines a job keeps. */
export const JOB_OUTPUT_LINES = 50;

/** One job: one rule applied to one finished file or session, its steps in order. */
export const Job = z.object({
  id: z.string(),
  ruleId: z.string(),
  ruleName: z.string(),
  on: JobTrigger,
  recorderId: z.string(),
  roomId: z.number().int().nonnegative(),
  /** The streamer's name and the title when the file finished (for the window). */
  streamer: z.string(),
  title: z.string(),
  /** The input files on this machine (one for FileClosed; a session's files for SessionEnded). */
  inputs: z.array(z.string()),
  steps: z.array(JobStep),
  /** The step running or next to run; `steps.length` when all are done. */
  step: z.number().int().nonnegative(),
  /** The running step's progress 0..1; null: not known (or not running). */
  progress: z.number().min(0).max(1).nullable(),
  status: JobStatus,
  /** Tries of the current step. */
  tries: z.number().int().nonnegative(),
  /** The tool's words when the job failed; null otherwise. */
  error: z.string().nullable(),
  /** The tools' last output lines (at most JOB_OUTPUT_LINES). */
  output: z.array(z.string()),
  /** The last file a step produced (what "open output" opens); null: none yet. */
  outputPath: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
/** One job. */
export type Job = z.infer<typeof Job>;

/** Counts of jobs by state, for the tray's tooltip and the window's badge. */
export const JobCounts = z.object({
  queued: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
/** Counts of jobs by state. */
export type JobCounts = z.infer<typeof JobCounts>;

/** The tools a job uses. */
export const JobToolName = z.enum(['ffmpeg', 'ffprobe', 'rclone', 'danmakuFactory']);
/** A tool's name. */
export type JobToolName = z.infer<typeof JobToolName>;

/** Whether a tool was found, where, and the first line of its version. */
export const ToolCheck = z.object({
  tool: JobToolName,
  found: z.boolean(),
  path: z.string().nullable(),
  version: z.string().nullable(),
  /** Why it was not found or did not answer, in plain words. */
  message: z.string().optional(),
});
/** A tool check. */
export type ToolCheck = z.infer<typeof ToolCheck>;
