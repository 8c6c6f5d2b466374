import type { OpenProblem } from '../../../../shared/problem';
import { hasRecorderApi } from '../../../../shared/recorders';
import type { RecorderSetting } from '../../../../shared/settings';
import type { HappeningSource, SourceContext } from '../../../core/plug-ins';
import { errorMessage } from '../../../core/log-text';
import type { ProblemChange } from '../core/episodes';
import { Guardian } from '../core/guardian';
import { problemHappening, reportHappening } from '../core/problem-happening';
import { localRecordingRoot } from '../../../adapters/file-access';
import type { RecorderClient } from '../../../adapters/recorder-client';
import { statfsFreeSpace, type FreeSpacePort } from './free-space';
import { clientLogFetch, RecorderLogReader, type LogFetchPort } from './recorder-log-reader';

/** What the guardian source may be given instead of the real thing (tests, the benchmark). */
export interface GuardianSourceOptions {
  /** Free bytes where recordings are written; default statfs. */
  freeSpace?: FreeSpacePort;
  /** Reads a recorder's log; default through `clientOf`. */
  fetchLog?: LogFetchPort;
  /** The one client of a recorder's API (its link's); none: its log is not read. */
  clientOf?: (recorderId: string) => RecorderClient | undefined;
  /** Period of the time-driven rules, ms (default 1 s: the smallest threshold is seconds). */
  tickMs?: number;
}

/** One recorder under the guardian's watch: its rules' state, its log cursor, its disk samples. */
interface RecorderWatch {
  guardian: Guardian;
  reader: RecorderLogReader;
  fetchLog: LogFetchPort;
  nextLogAt: number;
  nextDiskAt: number;
  busy: Set<'log' | 'disk'>;
}

/**
 * The recording guardian as a source of happenings: for each recorder it watches webhooks and
 * polls, reads the recorder's log by cursor and samples free space of its recording folder, and
 * offers each problem's start and end (and session reports) to the policy. The rules live in
 * core/guardian; each recorder has its own (files, sessions and disks are per recorder).
 */
export class GuardianSource implements HappeningSource {
  readonly name = 'recording-guardian';
  readonly #options: GuardianSourceOptions;
  readonly #listeners = new Set<(problems: OpenProblem[]) => void>();
  readonly #watches = new Map<string, RecorderWatch>();
  #context: SourceContext | undefined;
  #unobserve: (() => void) | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #abort = new AbortController();

  constructor(options: GuardianSourceOptions = {}) {
    this.#options = options;
  }

  /** Open problem episodes now, of every recorder (for the app state: tray light, Rooms badge). */
  problems(): OpenProblem[] {
    const multiple = this.#watches.size > 1;
    return [...this.#watches].flatMap(([recorderId, watch]) =>
      watch.guardian.problems().map((problem) => (multiple ? { ...problem, recorderId } : problem)),
    );
  }

  /** Calls `listener` with the open problems whenever one starts or ends; returns the unsubscribe. */
  onProblemsChanged(listener: (problems: OpenProblem[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  start(context: SourceContext): void {
    this.#context = context;
    this.#abort = new AbortController();
    this.#unobserve = context.observe({
      webhook: (webhook, _at, recorderId) => {
        // Other kinds tell no file times (docs/other-recorders.md): their sessions are not judged.
        if (this.#recorder(recorderId)?.kind !== 'bililive-recorder') return;
        this.#watch(recorderId)?.guardian.webhook(webhook);
      },
      polled: (rooms, _at, recorderId) => this.#watch(recorderId)?.guardian.polled(rooms),
      recorderProblem: (problem, _at, recorderId) =>
        this.#watch(recorderId)?.guardian.recorderProblem(problem),
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

  /** The watch of a recorder in the settings (made on first use); undefined for one removed. */
  #watch(recorderId: string): RecorderWatch | undefined {
    const context = this.#context;
    if (!context) return undefined;
    const existing = this.#watches.get(recorderId);
    if (existing) return existing;
    if (!this.#recorder(recorderId)) return undefined;
    const recorder = () =>
      this.#recorder(recorderId) ?? { rooms: [], unreachableNotifyAfterMinutes: 0 };
    const guardian = new Guardian({
      clock: context.clock,
      settings: context.settings,
      recorder,
      recordedElsewhere: (roomId) =>
        context.roomEverywhere(roomId).some((r) => r.recorderId !== recorderId && r.recording),
      changed: (change) => this.#changed(change, recorderId),
      reported: (report) => {
        const room = this.#room(report.roomId, recorderId);
        context.offer(reportHappening(report, room, context.clock(), recorderId));
      },
    });
    const watch: RecorderWatch = {
      guardian,
      reader: new RecorderLogReader(),
      fetchLog:
        this.#options.fetchLog ?? clientLogFetch(() => this.#options.clientOf?.(recorderId)),
      nextLogAt: 0,
      nextDiskAt: 0,
      busy: new Set(),
    };
    this.#watches.set(recorderId, watch);
    return watch;
  }

  #recorder(recorderId: string): RecorderSetting | undefined {
    return (
      this.#context && this.#context.recorders().find((recorder) => recorder.id === recorderId)
    );
  }

  #room(roomId: number | undefined, recorderId: string) {
    if (roomId === undefined) return undefined;
    return this.#context
      ?.roomEverywhere(roomId)
      .find((r) => (r.recorderId ?? recorderId) === recorderId);
  }

  #changed(change: ProblemChange, recorderId: string): void {
    const context = this.#context;
    if (!context) return;
    context.offer(problemHappening(change, this.#room(change.roomId, recorderId), recorderId));
    const problems = this.problems();
    for (const listener of this.#listeners) listener(problems);
  }

  #tick(): void {
    const context = this.#context;
    if (!context) return;
    for (const recorder of context.recorders()) this.#watch(recorder.id);
    for (const [recorderId, watch] of this.#watches) {
      const recorder = this.#recorder(recorderId);
      if (!recorder) {
        this.#watches.delete(recorderId); // removed from the settings: its problems go with it
        continue;
      }
      this.#tickOne(recorder, watch);
    }
  }

  #tickOne(recorder: RecorderSetting, watch: RecorderWatch): void {
    const context = this.#context!;
    watch.guardian.tick();
    const now = context.clock();
    if (now >= watch.nextLogAt && hasRecorderApi(recorder)) {
      watch.nextLogAt = now + recorder.pollIntervalSeconds * 1000;
      this.#once(watch, 'log', () => this.#readLog(watch));
    }
    if (now >= watch.nextDiskAt) {
      watch.nextDiskAt = now + context.settings().guardian.diskSampleSeconds * 1000;
      this.#once(watch, 'disk', () => this.#sampleDisk(recorder, watch));
    }
  }

  // One call of each kind at a time per recorder: a slow share or recorder never piles up calls.
  #once(watch: RecorderWatch, kind: 'log' | 'disk', run: () => Promise<void>): void {
    if (watch.busy.has(kind)) return;
    watch.busy.add(kind);
    run()
      .catch((error: unknown) =>
        this.#context?.log.warn(`guardian ${kind}: ${errorMessage(error)}`),
      )
      .finally(() => watch.busy.delete(kind));
  }

  async #readLog(watch: RecorderWatch): Promise<void> {
    const read = await watch.reader.read(watch.fetchLog, this.#abort.signal);
    if (this.#abort.signal.aborted) return;
    if (read.ok) watch.guardian.logEntries(read.entries);
    else if (read.unreachable) watch.guardian.unreachable();
  }

  async #sampleDisk(recorder: RecorderSetting, watch: RecorderWatch): Promise<void> {
    const { recordingRoot, pathMappings } = recorder;
    if (recordingRoot.trim() === '') return;
    const root = localRecordingRoot({ recordingRoot, pathMappings });
    if (!root) return;
    const free = await (this.#options.freeSpace ?? statfsFreeSpace)(root);
    if (!this.#abort.signal.aborted) watch.guardian.diskSample(free);
  }
}
