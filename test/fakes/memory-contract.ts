import type { JobTools } from '../../shared/job-rules';
import type { AppState } from '../../shared/app-state';
import type { HistoryFile, HistoryNotification } from '../../shared/history';
import type { ContractHandlers, EventChannel } from '../../shared/ipc-contract';
import type { Job, ToolCheck } from '../../shared/jobs';
import type { CleanUpPreview } from '../../shared/clean-up';
import { Settings, type SettingsInput } from '../../shared/settings';
import { applySettingsPatch } from '../../shared/settings-patch';
import { sampleAppState } from './app-state-sample';
import { fakeHandlers } from './contract-handlers';
import { newJob, publicJob } from '../../main/features/jobs/core/job-record';

/** What a memory contract starts with. */
export interface MemoryContractOptions {
  settings?: SettingsInput;
  state?: Partial<AppState>;
  jobs?: Job[];
  /** What `jobs:checkTools` answers: a fixed list, or a real check (main/features/jobs/adapters). */
  tools?: ToolCheck[] | ((tools: JobTools) => Promise<ToolCheck[]>);
  /** What `cleanUp:preview` answers. */
  preview?: CleanUpPreview;
  /** Settings a launch option fixes (`app:info`'s lockedSettings: a headless --config file's). */
  lockedSettings?: string[];
  /** The Notifications list (newest first), as `history:notifications` answers it. */
  notifications?: HistoryNotification[];
}

/** The contract over memory: handlers that keep what they are told, and the events they send. */
export interface MemoryContract {
  handlers: ContractHandlers;
  subscribe: (listener: (event: EventChannel, payload: unknown) => void) => () => void;
  settings(): Settings;
  jobs(): Job[];
  /** Changes a job as the engine would, and tells the window (`jobs:changed`). */
  updateJob(id: string, changes: Partial<Job>): void;
  /** Lists a finished file as the app does once its row is committed: `files:changed` only. */
  listFile(file: HistoryFile): void;
  /** What each call was asked, in order, by channel. */
  calls: { channel: string; request: unknown }[];
}

/**
 * A window's main over memory, for the browser tests of views whose engine is not what they test:
 * settings saved with the real patch rules, jobs kept and changed (retry queues, cancel cancels,
 * "try on the last file" adds one), finished files listed, the tools and clean-up preview answered as set. Built over
 * `fakeHandlers`, so every other call answers within the contract.
 */
export function memoryContract(options: MemoryContractOptions = {}): MemoryContract {
  let settings = Settings.parse(options.settings ?? {});
  let jobs = [...(options.jobs ?? [])];
  let files: HistoryFile[] = [];
  const listeners = new Set<(event: EventChannel, payload: unknown) => void>();
  const calls: { channel: string; request: unknown }[] = [];
  const emit = (event: EventChannel, payload: unknown) => {
    for (const listener of listeners) listener(event, payload);
  };
  const state = (): AppState =>
    sampleAppState({
      language: settings.language ?? 'zh-CN',
      jobs: {
        queued: jobs.filter((j) => j.status === 'queued').length,
        running: jobs.filter((j) => j.status === 'running').length,
        failed: jobs.filter((j) => j.status === 'failed').length,
      },
      ...options.state,
    });
  const updateJob = (id: string, changes: Partial<Job>) => {
    jobs = jobs.map((job) => (job.id === id ? { ...job, ...changes, updatedAt: Date.now() } : job));
    const job = jobs.find((j) => j.id === id);
    if (job) emit('jobs:changed', job);
    emit('state:changed', state());
  };
  const noted = <C extends keyof ContractHandlers>(
    channel: C,
    handler: ContractHandlers[C],
  ): ContractHandlers[C] =>
    (async (request: never) => {
      calls.push({ channel, request });
      return (handler as (r: never) => Promise<unknown>)(request);
    }) as ContractHandlers[C];

  const handlers: ContractHandlers = {
    ...fakeHandlers(),
    'state:get': async () => state(),
    'settings:get': async () => settings,
    'settings:update': noted('settings:update', async (patch) => {
      const result = applySettingsPatch(settings, patch);
      if (!result.ok) return result;
      const languageChanged = result.settings.language !== settings.language;
      settings = result.settings;
      if (languageChanged) emit('state:changed', state());
      return { ok: true as const, settings };
    }),
    'app:info': async () => ({
      version: '0.1.0',
      platform: 'linux',
      dataDir: '/d',
      logsDir: '/l',
      ...(options.lockedSettings ? { lockedSettings: options.lockedSettings } : {}),
    }),
    'history:notifications': async () => ({
      items: options.notifications ?? [],
      total: options.notifications?.length ?? 0,
    }),
    'history:files': async () => ({ items: files, total: files.length }),
    'jobs:list': async () => ({ jobs }),
    'jobs:retry': noted('jobs:retry', async ({ id }) => {
      const job = jobs.find((j) => j.id === id);
      if (!job || (job.status !== 'failed' && job.status !== 'cancelled'))
        return { ok: false, message: 'Only a failed or cancelled job can run again.' };
      updateJob(id, { status: 'queued', error: null });
      return { ok: true };
    }),
    'jobs:cancel': noted('jobs:cancel', async ({ id }) => {
      const job = jobs.find((j) => j.id === id);
      if (!job || (job.status !== 'queued' && job.status !== 'running'))
        return { ok: false, message: 'Only a queued or running job can be cancelled.' };
      updateJob(id, { status: 'cancelled', progress: null });
      return { ok: true };
    }),
    'jobs:checkTools': noted('jobs:checkTools', async (request) => {
      const tools = request && 'tools' in request ? request.tools : settings.jobs.tools;
      const check = options.tools ?? [];
      return { tools: typeof check === 'function' ? await check(tools) : check };
    }),
    'jobs:tryOnLastFile': noted('jobs:tryOnLastFile', async (request) => {
      const rule =
        'rule' in request ? request.rule : settings.jobs.rules.find((r) => r.id === request.ruleId);
      if (!rule) return { ok: false, message: 'No such rule.' };
      // Built as the engine builds a job (newJob), as the window sees it (publicJob).
      const facts = {
        ...{ recorderId: 'default', roomId: 23058, streamer: '3号直播间', title: '试运行' },
        ...{ area: '', sessionId: '', endedAt: Date.now() },
      };
      const inputs = ['/rec/23058/last.flv'];
      const spec = { rule, facts, inputs, subject: inputs[0]! };
      const job: Job = publicJob(newJob(spec, `try-${jobs.length + 1}`, Date.now()));
      jobs = [job, ...jobs];
      emit('jobs:changed', job);
      return { ok: true, jobId: job.id };
    }),
    'cleanUp:preview': noted('cleanUp:preview', async () => ({
      enabled: settings.cleanUp.enabled,
      dryRun: settings.cleanUp.dryRun,
      rules: [],
      bytes: 0,
      problems: [],
      ...options.preview,
    })),
  };
  return {
    handlers,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settings: () => settings,
    jobs: () => jobs,
    updateJob,
    listFile: (file) => {
      files = [file, ...files];
      emit('files:changed', file);
    },
    calls,
  };
}
