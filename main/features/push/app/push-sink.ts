import { PUSH_TEMPLATES } from '../../../../shared/i18n/push-text';
import type { PushFailure, PushRecord, PushTestResult } from '../../../../shared/push';
import type { PushTargetSetting } from '../../../../shared/settings';
import type { OutboxTable } from '../../../adapters/database/outbox-table';
import { createPushSend, type PushSend, type SendOptions } from '../adapters/senders';
import { errorDetail } from '../../../core/log-text';
import {
  GIVE_UP_AFTER_MS,
  isRetryable,
  nextAttemptAt,
  RETRY_DELAYS_MS,
} from '../core/outbox-schedule';
import type { OwedPush } from '../core/owed-push';
import { parsePushUrl, redactPushUrl } from '../core/push-url';
import type { PlugInContext } from '../../../core/plug-ins';

/** One attempt to push, as the headless output line and the log tell it (target redacted). */
export interface PushAttempt {
  target: string;
  status: 'sent' | 'failed';
  notificationId: string;
  attempt: number;
  reason?: PushFailure;
  detail?: string;
  /** Epoch ms of the next try; absent when the push is settled. */
  retryAt?: number;
}

/** Options of the push sink. */
export interface PushSinkOptions extends SendOptions {
  /** The outbox: a push's row is marked tried, and goes once settled (outbox-table.ts). */
  outbox: Pick<OutboxTable, 'done' | 'tried' | 'prunePushKeys'>;
  /** Replaces the real senders (tests). */
  send?: PushSend;
  /** Every attempt, for output lines. */
  onAttempt?: (attempt: PushAttempt) => void;
  /** A push settled: keep it with its notification in the history. */
  onResult?: (notificationId: string, record: PushRecord) => void;
  retryDelaysMs?: readonly number[];
  giveUpAfterMs?: number;
  /** Pushes waiting for a retry at most (MAX_WAITING_PUSHES unless a test says otherwise). */
  maxWaiting?: number;
}

/**
 * Pushes waiting for a retry, at most, over all targets: a target down for its hour of retries
 * while notifications keep coming would otherwise hold every one of them (issue 21). Past it the
 * oldest waiting push is settled as expired, said in the log and the push line.
 */
const MAX_WAITING_PUSHES = 500;

/** How many pushes settle between two prunings of the happenings pushed (push_keys). */
const PRUNE_EVERY = 200;

/** A push waiting for its retry: what is retried, and its timer. */
interface Waiting {
  item: OwedPush;
  attempts: number;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * How the pushes owed reach their targets: the outbox's dispatcher (main/app/outbox-dispatcher.ts)
 * hands each push a decision owes (a row written in the decision's own transaction) here once it
 * is committed, and those an earlier run left owed at start. A failed push is retried with
 * back-off for up to an hour, then recorded as failed; its row goes once it is settled.
 */
export class PushSink {
  readonly #options: PushSinkOptions;
  readonly #send: PushSend;
  #context: PlugInContext | undefined;
  /** Pushes waiting for a retry (at most `maxWaiting`). */
  readonly #waiting = new Map<OwedPush, Waiting>();
  #settled = 0;
  readonly #inFlight = new Set<Promise<void>>();
  #stopped = false;
  /** The last settled push per target URL since the start (for the window). */
  readonly #last = new Map<string, PushRecord>();

  constructor(options: PushSinkOptions) {
    this.#options = options;
    this.#send = options.send ?? createPushSend(options);
  }

  /** Takes the context (the settings, the clock, the log) before the first push. */
  start(context: PlugInContext): void {
    this.#context = context;
  }

  /**
   * Retries at once what a previous run left owed (a start is often a network that changed);
   * past `maxWaiting` the oldest are settled as expired, as while running.
   */
  resume(pending: readonly { push: OwedPush; attempts: number }[]): void {
    const context = this.#context;
    if (!context) return;
    if (pending.length > 0)
      context.log.info(`push: ${pending.length} push(es) left from the last run`);
    const max = this.#options.maxWaiting ?? MAX_WAITING_PUSHES;
    const over = pending.slice(0, Math.max(0, pending.length - max));
    for (const { push, attempts } of over)
      this.#track(this.#settle(push, attempts, 'expired', tooMany(max)));
    for (const { push, attempts } of pending.slice(over.length))
      this.#track(this.#attempt(push, attempts + 1));
    this.#track(this.#prune());
  }

  /** Sends a push a decision owes (its row committed, or none when the disk refused it). */
  deliver(push: OwedPush): void {
    if (!this.#context || this.#stopped) return;
    this.#makeRoom();
    this.#track(this.#attempt(push, 1));
  }

  /** Sends a real test message to a URL now (no outbox, no retry); says what the service answered. */
  async test(url: string): Promise<PushTestResult> {
    const parsed = parsePushUrl(url);
    const target = redactPushUrl(url);
    if (!parsed.ok) return { ok: false, target, reason: 'badUrl', message: parsed.error };
    const language = this.#context?.language() ?? 'en';
    const { title, body } = PUSH_TEMPLATES[language].test;
    const outcome = await this.#send(parsed.value, { title, body, language });
    if (outcome.ok) return { ok: true, target, message: 'sent' };
    return { ok: false, target, reason: outcome.reason, message: outcome.detail };
  }

  /** The last settled push to each target, in the order of the settings' `pushTargets`. */
  lastResults(): { last?: PushRecord }[] {
    const targets = this.#context?.settings().pushTargets ?? [];
    return targets.map((target) => {
      const last = this.#last.get(target.url);
      return last ? { last } : {};
    });
  }

  /** Stops retrying and waits (briefly) for sends under way: pending pushes stay in the outbox. */
  async stop(): Promise<void> {
    this.#stopped = true;
    for (const { timer } of this.#waiting.values()) clearTimeout(timer);
    this.#waiting.clear();
    // The database closes after the sinks stopped (lifecycle.ts): what is owed stays in it.
    await Promise.race([
      Promise.allSettled([...this.#inFlight]),
      new Promise((resolve) => setTimeout(resolve, 5_000).unref()),
    ]);
  }

  #track(work: Promise<void>): void {
    const done = work.catch((error: unknown) =>
      this.#context?.log.error(`push: ${errorDetail(error)}`),
    );
    this.#inFlight.add(done);
    void done.finally(() => this.#inFlight.delete(done));
  }

  async #attempt(item: OwedPush, attempt: number): Promise<void> {
    const context = this.#context!;
    this.#waiting.delete(item);
    if (this.#stopped) return;
    const target = redactPushUrl(item.url);
    const settings = context.settings().pushTargets;
    if (!settings.some((t: PushTargetSetting) => t.url === item.url && t.enabled)) {
      return this.#settle(item, attempt - 1, 'removed', 'the target was removed or switched off');
    }
    const parsed = parsePushUrl(item.url);
    if (!parsed.ok) return this.#settle(item, attempt, 'badUrl', parsed.error);
    const outcome = await this.#send(parsed.value, item.message);
    const now = context.clock();
    if (outcome.ok) {
      const record: PushRecord = { target, status: 'sent', at: now, attempts: attempt };
      // Its outcome goes in the turn of its done mark: one commit keeps both or neither.
      const done = this.#done(item);
      this.#report(item, record);
      await this.#persist(done);
      return;
    }
    const retryAt = nextAttemptAt(
      item.firstAt,
      attempt,
      now,
      outcome.reason,
      this.#options.retryDelaysMs ?? RETRY_DELAYS_MS,
      this.#options.giveUpAfterMs ?? GIVE_UP_AFTER_MS,
    );
    if (retryAt === undefined || this.#stopped) {
      if (this.#stopped && retryAt !== undefined) return; // stays pending for the next start
      // Still failing at the end of the hour: "expired", with the service's last answer.
      const reason = isRetryable(outcome.reason) ? 'expired' : outcome.reason;
      return this.#settle(item, attempt, reason, outcome.detail);
    }
    if (item.id !== undefined)
      await this.#persist(this.#options.outbox.tried(item.id, attempt, outcome.reason, retryAt));
    this.#options.onAttempt?.({
      target,
      status: 'failed',
      notificationId: item.notificationId,
      attempt,
      reason: outcome.reason,
      detail: outcome.detail,
      retryAt,
    });
    context.log.warn(`push to ${target} failed (${outcome.reason}: ${outcome.detail}); retrying`);
    const timer = setTimeout(
      () => this.#track(this.#attempt(item, attempt + 1)),
      Math.max(0, retryAt - now),
    );
    this.#waiting.set(item, { item, attempts: attempt, timer });
  }

  // Settles the oldest push waiting for a retry when MAX_WAITING_PUSHES are waiting. Only a push
  // with a retry timer: one being sent now settles by itself.
  #makeRoom(): void {
    const max = this.#options.maxWaiting ?? MAX_WAITING_PUSHES;
    if (this.#waiting.size < max) return;
    let oldest: Waiting | undefined;
    for (const waiting of this.#waiting.values())
      if (oldest === undefined || waiting.item.firstAt < oldest.item.firstAt) oldest = waiting;
    if (!oldest) return;
    clearTimeout(oldest.timer);
    this.#waiting.delete(oldest.item);
    this.#track(this.#settle(oldest.item, oldest.attempts, 'expired', tooMany(max)));
  }

  // The happenings pushed are remembered for a while (outbox-table.ts: PUSH_KEYS_KEPT).
  async #prune(): Promise<void> {
    await this.#options.outbox.prunePushKeys(this.#context!.clock()).catch(() => undefined);
  }

  async #settle(
    item: OwedPush,
    attempts: number,
    reason: PushFailure,
    detail: string,
  ): Promise<void> {
    const target = redactPushUrl(item.url);
    const record: PushRecord = {
      target,
      status: 'failed',
      at: this.#context!.clock(),
      attempts: Math.max(1, attempts),
      reason,
      detail,
    };
    const done = this.#done(item);
    this.#context!.log.warn(`push to ${target} failed for good (${reason}: ${detail})`);
    this.#report(item, record);
    await this.#persist(done);
  }

  // Settled: its row goes (a push delivered unbacked has none).
  #done(item: OwedPush): Promise<void> {
    return item.id === undefined ? Promise.resolve() : this.#options.outbox.done(item.id);
  }

  // A database that cannot be written (a full disk) must not cost the push itself: it goes out,
  // only without the guarantees the outbox gives (the table's own warning says so once).
  async #persist(write: Promise<void>): Promise<void> {
    await write.catch(() => undefined);
  }

  #report(item: OwedPush, record: PushRecord): void {
    this.#options.onAttempt?.({
      target: record.target,
      status: record.status,
      notificationId: item.notificationId,
      attempt: record.attempts,
      ...(record.reason ? { reason: record.reason } : {}),
      ...(record.detail ? { detail: record.detail } : {}),
    });
    this.#last.set(item.url, record);
    this.#options.onResult?.(item.notificationId, record);
    this.#settled += 1;
    if (this.#settled % PRUNE_EVERY === 0) this.#track(this.#prune());
  }
}

function tooMany(max: number): string {
  return `more than ${max} pushes were waiting to be retried: the oldest gave way`;
}
