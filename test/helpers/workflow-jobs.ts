import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { PROJECT_ROOT } from './headless-process';

/** The two workflows, from the project root. */
export const WORKFLOWS = ['.github/workflows/release.yml', '.github/workflows/test.yml'];

/** A project file's text. */
export const readProjectFile = (file: string) =>
  readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

/** One step of a job, as the tests read it. */
export interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  shell?: string;
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string>;
}

/** What the tests read of a workflow's jobs. */
export interface Job {
  needs?: string | string[];
  if?: string;
  'runs-on': string;
  container?: string;
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  strategy?: { 'fail-fast'?: boolean; matrix: { include: Record<string, string>[] } };
  steps: Step[];
}

/** A workflow's jobs, in the file's order (the workflow is the project's own file). */
export const jobsOf = (file: string) =>
  (parse(readProjectFile(file)) as { jobs: Record<string, Job> }).jobs;

/** The jobs a job waits for. */
export const needsOf = (job: Job) => [job.needs ?? []].flat();

/** A job's shell commands, one per line, in order. */
export const commandsOf = (job: Job) =>
  job.steps.flatMap((step) =>
    (step.run ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
