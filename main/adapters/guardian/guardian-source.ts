import type { OpenProblem } from '../../../shared/problem';
import type { HappeningSource, SourceContext } from '../../app/plug-ins';
import { errorMessage } from '../../core/log-text';
import type { ProblemChange } from '../../core/guardian/episodes';
import { Guardian } from '../../core/guardian/guardian';
import { problemHappening, reportHappening } from '../../core/guardian/problem-happening';
import { localRecordingRoot } from '../file-access';
import { statfsFreeSpace, type FreeSpacePort } from './free-space';
import { clientLogFetch, RecorderLogReader, type LogFetchPort } from './recorder-log-reader';

/** What the guardian source may be given instead of the real thing (tests, the benchmark). */
export interface GuardianSourceOptions {
  /** Free bytes where recordings are written; default statfs. */
  freeSpace?: FreeSpacePort;
  /** Reads the recorder's log; default a recorder client from the settings. */
  fetchLog?: LogFetchPort;
  /** Period of the time-driven rules, ms (default 1 s: the smallest threshold is seconds). */
  tickMs?: number;
}

/**
 * The recording guardian as a source of happenings: it watches webhooks and polls, reads the
 * recorder's log by cursor and samples free space of the recording folder, and offers each
 * problem's start and end (and session reports) to the policy. The rules live in core/guardian.
 */
export class GuardianSource implements HappeningSource {
  readonly name = 'recording-guardian';
  readonly #options: GuardianSourceOptions;
  readonly #listeners = new Set<(problems: OpenProblem[]) => void>();
  readonly #reader = new RecorderLogReader();
  #guardian: Guardian | undefined;
  #context: SourceContext | undefined;
  #unobserve: (() => void) | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #abort = new AbortController();
  #nextLogAt = 0;
  #nextDiskAt = 0;
  #busy = new Set<'log' | 'disk'>();
  #fetchLog: LogFetchPort | undefined;

  constructor(options: GuardianSourceOptions = {}) {
    this.#options = options;
  }

  /** Open problem episodes now (for the app state: tray light, Rooms badge). */
  problems(): OpenProblem[] {
    return this.#guardian?.problems() ?? [];
  }

  /** Calls `listener` with the open problems whenever one starts or ends; returns the unsubscribe. */
  onProblemsChanged(listener: (problems: OpenProblem[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  start(context: SourceContext): void {
    this.#context = context;
    this.#abort = new AbortController();
    this.#fetchLog = this.#options.fetchLog ?? clientLogFetch(context.settings);
    const guardian = new Guardian({
      clock: context.clock,
      settings: context.settings,
      changed: (change) => this.#changed(change),
      reported: (report) => {
        const room = context.rooms().find((r) => r.roomId === report.roomId);
        context.offer(reportHappening(report, room, context.clock()));
      },
    });
    this.#guardian = guardian;
    this.#unobserve = context.observe({
      webhook: (webhook) => guardian.webhook(webhook),
      polled: (rooms) => guardian.polled(rooms),
    });
    this.#timer = setInterval(() => this.#tick(), this.#options.tickMs ?? 1000);
    this.#timer.unref?.();
    this.#tick();
  }

  stop(): void {
    this.#abort.abort();
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#unobserve?.();
    this.#unobserve = undefined;
  }

  #changed(change: ProblemChange): void {
    const context = this.#context;
    if (!context) return;
    const room =
      change.roomId === undefined
        ? undefined
        : context.rooms().find((r) => r.roomId === change.roomId);
    context.offer(problemHappening(change, room));
    const problems = this.problems();
    for (const listener of this.#listeners) listener(problems);
  }

  #tick(): void {
    const context = this.#context;
    const guardian = this.#guardian;
    if (!context || !guardian) return;
    guardian.tick();
    const now = context.clock();
    const settings = context.settings();
    if (now >= this.#nextLogAt && settings.recorder.url.trim() !== '') {
      this.#nextLogAt = now + settings.recorder.pollIntervalSeconds * 1000;
      this.#once('log', () => this.#readLog());
    }
    if (now >= this.#nextDiskAt) {
      this.#nextDiskAt = now + settings.guardian.diskSampleSeconds * 1000;
      this.#once('disk', () => this.#sampleDisk());
    }
  }

  // One call of each kind at a time: a slow share or recorder never piles up calls.
  #once(kind: 'log' | 'disk', run: () => Promise<void>): void {
    if (this.#busy.has(kind)) return;
    this.#busy.add(kind);
    run()
      .catch((error: unknown) =>
        this.#context?.log.warn(`guardian ${kind}: ${errorMessage(error)}`),
      )
      .finally(() => this.#busy.delete(kind));
  }

  async #readLog(): Promise<void> {
    const fetchLog = this.#fetchLog;
    if (!fetchLog || !this.#guardian) return;
    const read = await this.#reader.read(fetchLog, this.#abort.signal);
    if (this.#abort.signal.aborted) return;
    if (read.ok) this.#guardian.logEntries(read.entries);
    else if (read.unreachable) this.#guardian.unreachable();
  }

  async #sampleDisk(): Promise<void> {
    const context = this.#context;
    if (!context || !this.#guardian) return;
    const { recordingRoot, pathMappings } = context.settings();
    if (recordingRoot.trim() === '') return;
    const root = localRecordingRoot({ recordingRoot, pathMappings });
    if (!root) return;
    const free = await (this.#options.freeSpace ?? statfsFreeSpace)(root);
    if (!this.#abort.signal.aborted) this.#guardian.diskSample(free);
  }
}
