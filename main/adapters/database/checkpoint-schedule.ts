import type { CheckpointDone, Checkpointer } from './checkpointer';

/**
 * A checkpoint is asked for once the WAL grows past this size (SQLite's default: 1000 pages); it
 * is cut back to it as it starts over (journal_size_limit), so it grows past it again only once
 * the commits since the last checkpoint filled it.
 */
export const CHECKPOINT_WAL_BYTES = 4 * 1024 * 1024;
/** …and this long after a commit left the WAL with something to copy (ms). */
const CHECKPOINT_AFTER_MS = 5_000;
/** How long the checkpoint worker may sit idle after a checkpoint before it is let go (ms). */
const WORKER_REST_AFTER_MS = 10_000;

/** What the schedule tells the database handle. */
export interface ScheduleHooks {
  /** The worker ran one (tests and benches observe it). */
  checkpointed(done: CheckpointDone): void;
  /** A checkpoint ended (or failed): the commits held meanwhile may go. */
  resumed(): void;
  /** The worker failed: the handle goes back to syncing on its own thread. */
  failed(error: unknown): void;
}

/**
 * When the checkpoint worker (checkpointer.ts) runs, for the database handle's group commit: at
 * once when a commit left the WAL over CHECKPOINT_WAL_BYTES, else CHECKPOINT_AFTER_MS after the
 * last commit; the worker is let go after WORKER_REST_AFTER_MS without one (its thread, heap and
 * connection cost 5 to 7 MB). While a checkpoint runs, `holding` is true and the handle's commits
 * wait: the worker holds the writer lock, and a COMMIT would wait for it on the main thread. It
 * also knows whether the WAL may hold copied frames that a commit would overwrite (`mayRestart`):
 * such a commit runs with NORMAL, which syncs the WAL's new header first
 * (https://sqlite.org/src/info/ff5be73dee).
 */
export class CheckpointSchedule {
  readonly #checkpointer: Checkpointer;
  readonly #hooks: ScheduleHooks;
  #checkpointTimer: NodeJS.Timeout | undefined;
  #restTimer: NodeJS.Timeout | undefined;
  #holding = false;
  #mayRestart = true;
  #closed = false;

  constructor(checkpointer: Checkpointer, hooks: ScheduleHooks) {
    this.#checkpointer = checkpointer;
    this.#hooks = hooks;
  }

  /** A checkpoint runs: commits wait. */
  get holding(): boolean {
    return this.#holding;
  }

  /** The WAL may hold copied frames the next commit would overwrite: commit with NORMAL. */
  get mayRestart(): boolean {
    return this.#mayRestart;
  }

  /** The connection was opened (again): what the WAL holds is not known. */
  opened(): void {
    this.#mayRestart = true;
  }

  /**
   * A commit wrote the WAL (`walBytes`: its size now, undefined when unknown): copied frames, if
   * there were any, were overwritten after a synced header; a checkpoint is due.
   */
  committed(walBytes: number | undefined): void {
    this.#mayRestart = false;
    const due = walBytes !== undefined && walBytes > CHECKPOINT_WAL_BYTES ? 0 : CHECKPOINT_AFTER_MS;
    clearTimeout(this.#restTimer); // a commit: the worker is wanted again soon
    if (this.#checkpointTimer !== undefined && due > 0) return;
    clearTimeout(this.#checkpointTimer);
    this.#checkpointTimer = setTimeout(() => void this.#checkpoint(), due);
    this.#checkpointTimer.unref();
  }

  /** No more checkpoints: the timers stop and the worker ends. */
  close(): void {
    this.#closed = true;
    this.#holding = false;
    clearTimeout(this.#checkpointTimer);
    clearTimeout(this.#restTimer);
    this.#checkpointer.close();
  }

  async #checkpoint(): Promise<void> {
    this.#checkpointTimer = undefined;
    if (this.#closed) return;
    this.#holding = true;
    try {
      const done = await this.#checkpointer.checkpoint();
      // Started over by the worker, its header synced: the next commits write after it.
      this.#mayRestart = !done.restarted;
      this.#hooks.checkpointed(done);
      // No commit came while it ran: let the worker go unless one comes soon.
      if (this.#checkpointTimer === undefined && !this.#closed) {
        this.#restTimer = setTimeout(() => this.#checkpointer.rest(), WORKER_REST_AFTER_MS);
        this.#restTimer.unref();
      }
    } catch (error) {
      this.#mayRestart = true;
      if (!this.#closed) this.#hooks.failed(error);
    } finally {
      this.#holding = false;
      this.#hooks.resumed();
    }
  }
}
