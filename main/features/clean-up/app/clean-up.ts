import type { CleanUpPreview, CleanUpSettings } from '../../../../shared/clean-up';
import type { Settings } from '../../../../shared/settings';
import type { DatabaseHandle } from '../../../adapters/database/database-handle';
import { RemovalsTable } from '../adapters/removals-table';
import { removeRecording, type TrashPort } from '../adapters/remove-recording';
import { errorMessage } from '../../../core/log-text';
import type { HappeningSource } from '../../../core/plug-ins';
import type { HistoryReader } from '../../../adapters/database/history-tables';
import type { AppContext } from '../../../app/app-context';
import type { AppPorts } from '../../../app/app-ports';
import type { CleanUpReader } from './clean-up-handlers';
import { planPass, type PassParts } from './clean-up-pass';

/** How long after a finished file the clean-up runs (a burst of files makes one pass). */
export const CLEAN_UP_DEBOUNCE_MS = 30_000;
/** How often the clean-up runs besides. */
export const CLEAN_UP_EVERY_MS = 3_600_000;

/** What the clean-up works with. */
export interface CleanUpParts extends PassParts {
  context: Pick<AppContext, 'settings' | 'clock' | 'log' | 'events'>;
  removals: Pick<RemovalsTable, 'add' | 'list'>;
  /** The OS trash (desktop); absent: `trash` rules remove nothing and say why. */
  trash?: TrashPort;
  /** Tells of a settings change (with the settings before); a changed `cleanUp` runs a pass. */
  onSettingsChange?: (listener: (previous: Settings) => void) => () => void;
  /** Timers; absent: the real ones (unref'd). Tests pass a fake clock's. */
  setTimer?: (fn: () => void, ms: number) => () => void;
}

/**
 * The clean-up of old recordings (issue 33): at start, 30 s after finished files, and hourly,
 * plans with main/features/clean-up/core/ and, unless a dry run, removes; each removal goes to the
 * history (the database's `removals`: RemovalsTable), each pass that finds something to the hosts (`cleanUp:pass`).
 */
export class CleanUpRunner implements HappeningSource, CleanUpReader {
  readonly name = 'clean-up';
  readonly #parts: CleanUpParts;
  readonly #setTimer: (fn: () => void, ms: number) => () => void;
  #cancels: (() => void)[] = [];
  #debounce: (() => void) | undefined;
  #hourly: (() => void) | undefined;
  #running: Promise<void> = Promise.resolve();
  #stopped = false;

  constructor(parts: CleanUpParts) {
    this.#parts = parts;
    this.#setTimer = parts.setTimer ?? unrefTimer;
  }

  start(context: { observe: HappeningSourceObserve }): void {
    this.#stopped = false;
    this.#cancels.push(
      context.observe({
        enabledBy: 'cleanUp',
        happened: (happening) => {
          if (happening.kind !== 'FileClosed') return;
          this.#debounce?.();
          this.#debounce = this.#setTimer(() => {
            this.#debounce = undefined;
            void this.runPass();
          }, CLEAN_UP_DEBOUNCE_MS);
        },
      }),
    );
    // Switched on, the dry run turned off, a rule changed: the next pass is now, not in an hour.
    const watched = this.#parts.onSettingsChange?.((previous) => {
      const now = this.#parts.context.settings().cleanUp;
      if (JSON.stringify(now) !== JSON.stringify(previous.cleanUp)) void this.runPass();
    });
    if (watched) this.#cancels.push(watched);
    const hourly = () => {
      void this.runPass();
      this.#hourly = this.#setTimer(hourly, CLEAN_UP_EVERY_MS);
    };
    void this.runPass();
    this.#hourly = this.#setTimer(hourly, CLEAN_UP_EVERY_MS);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#debounce?.();
    this.#hourly?.();
    for (const cancel of this.#cancels.splice(0)) cancel();
    await this.#running; // its removals are committed (the database closes after the sources)
  }

  /** Runs one pass after the one under way; resolves when it is done. Never rejects. */
  runPass(): Promise<void> {
    this.#running = this.#running
      .then(() => this.#pass())
      .catch((error: unknown) =>
        this.#parts.context.log.warn(`clean-up: the pass failed: ${errorMessage(error)}`),
      );
    return this.#running;
  }

  async preview(drafted?: CleanUpSettings): Promise<CleanUpPreview> {
    const settings = drafted ?? this.#parts.context.settings().cleanUp;
    const plan = await planPass(this.#parts, settings);
    const rules = plan.rules.map(({ rule, files, bytes }) => ({
      rule,
      bytes,
      files: files.map(({ path: _path, ...file }) => file),
    }));
    return {
      enabled: settings.enabled,
      dryRun: settings.dryRun,
      rules,
      bytes: rules.reduce((sum, rule) => sum + rule.bytes, 0),
      problems: plan.problems,
    };
  }

  removals(query: Parameters<CleanUpReader['removals']>[0]) {
    return this.#parts.removals.list(query);
  }

  async #pass(): Promise<void> {
    const settings = this.#parts.context.settings().cleanUp;
    if (this.#stopped || !settings.enabled || settings.rules.length === 0) return;
    const plan = await planPass(this.#parts, settings);
    for (const problem of plan.problems) this.#parts.context.log.warn(`clean-up: ${problem}`);
    const files = plan.rules.flatMap((rule) => rule.files);
    if (files.length === 0) return;
    if (settings.dryRun) {
      this.#told(true, files);
      return;
    }
    const removed: typeof files = [];
    for (const { rule, files: ruleFiles } of plan.rules) {
      const order = settings.rules[rule];
      if (!order) continue;
      // Headless mode refuses such a rule at load; one saved later from the preview is skipped
      // whole, with one warning a pass, not a failed removal per file in the history.
      if (order.then === 'trash' && !this.#parts.trash) {
        this.#parts.context.log.warn(`clean-up: rule ${rule} says trash, and there is none here`);
        continue;
      }
      for (const file of ruleFiles) {
        if (this.#stopped) break;
        const root = plan.roots.get(file.recorderId) ?? '';
        const outcome = await removeRecording(
          { ...file, root, then: order.then, ...(order.moveTo ? { moveTo: order.moveTo } : {}) },
          this.#parts.trash,
        );
        const { path: _path, ...facts } = file;
        await this.#parts.removals.add({
          ...facts,
          id: `${this.#parts.context.clock().toString(36)}-${removed.length}-${facts.relativePath}`,
          at: this.#parts.context.clock(),
          rule,
          then: order.then,
          ...(outcome.ok && outcome.movedTo ? { movedTo: outcome.movedTo } : {}),
          ...(outcome.ok ? {} : { error: outcome.error }),
        });
        if (outcome.ok) removed.push(file);
        else this.#parts.context.log.warn(`clean-up: ${file.relativePath} stays: ${outcome.error}`);
      }
    }
    if (removed.length > 0) this.#told(false, removed);
  }

  #told(dryRun: boolean, files: readonly { relativePath: string; bytes: number }[]): void {
    this.#parts.context.events.emit('cleanUp:pass', {
      dryRun,
      files: files.map((file) => file.relativePath),
      bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    });
  }
}

/** Builds the runner over the app's parts, its removals in the app's database. */
export async function openCleanUp(
  context: CleanUpParts['context'] & Pick<AppContext, 'settingsView'>,
  ports: Pick<AppPorts, 'trash'>,
  parts: {
    pipeline: CleanUpParts['pipeline'];
    /** The app's storage: its database keeps the removals; its history lists the files. */
    storage: { database: DatabaseHandle; history: { queries: Pick<HistoryReader, 'list'> } };
    /** The jobs engine: a file a job works on stays (issue 33's jobs); absent: none busy. */
    jobs?: { isFileBusy(path: string): boolean };
  },
): Promise<CleanUpRunner> {
  return new CleanUpRunner({
    context,
    pipeline: parts.pipeline,
    ...(parts.jobs ? { isFileBusy: (path: string) => parts.jobs!.isFileBusy(path) } : {}),
    files: () => parts.storage.history.queries.list('files'),
    removals: new RemovalsTable(parts.storage.database, (message) => context.log.warn(message)),
    ...(ports.trash ? { trash: ports.trash } : {}),
    onSettingsChange: (listener) => context.settingsView.onChange(listener),
  });
}

type HappeningSourceObserve = Parameters<HappeningSource['start']>[0]['observe'];

function unrefTimer(fn: () => void, ms: number): () => void {
  const timer = setTimeout(fn, ms);
  timer.unref?.();
  return () => clearTimeout(timer);
}
