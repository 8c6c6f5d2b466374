import type { HistoryNotification } from '../../shared/history';
import type { HistoryTables } from '../adapters/database/history-tables';
import type { OutboxTable } from '../adapters/database/outbox-table';
import {
  popupEffects,
  unbacked,
  type Effect,
  type OwedEffect,
  type OwedPlan,
} from '../core/outbox';
import type { DecisionSink, KeptDecision, PlugInContext } from '../core/plug-ins';
import { owedPush, pushEffects } from '../features/push/core/owed-push';
import type { PushSink } from '../features/push/app/push-sink';

/** What the dispatcher delivers through and marks in. */
export interface DispatcherParts {
  /** The host's popup: shows what it is given. */
  popups: DecisionSink;
  push: PushSink;
  outbox: Pick<OutboxTable, 'done'>;
  history: Pick<HistoryTables, 'markMissed'>;
  /** A popup that threw (told, never retried: a popup is not tried twice). */
  failed: (error: unknown) => void;
}

/**
 * The one dispatcher of the outbox (issue 41): a decision's effects (its popup, each push) are
 * rows written in the decision's own transaction (HistoryTables.addNotification with
 * `effectsOf`); once that commit resolves, each is delivered here and its row marked done with no
 * sync of its own (a kill repeats it, never loses it). A popup is shown once and not tried again;
 * a push goes to the push feature, with its back-off, expiry and outcomes. While the disk refuses
 * the commit, the effects go at once, unbacked. It sits with the sinks, first, in the host
 * popup's place: a set-up notice goes to the host's popup through it. The start's owed effects
 * come from the recovery module (`resume`).
 */
export class OutboxDispatcher implements DecisionSink {
  readonly name = 'outbox';
  readonly #parts: DispatcherParts;
  readonly #waiting = new Set<Promise<void>>();
  #context: PlugInContext | undefined;

  constructor(parts: DispatcherParts) {
    this.#parts = parts;
  }

  /** A decision's effects, to be written with it: its popup if shown, each push a target wants. */
  effectsOf(entry: HistoryNotification): Effect[] {
    const context = this.#context;
    const targets = context?.settings().pushTargets ?? [];
    // No target (most users): the push feature's modules stay off the decision's path.
    const pushes =
      context && targets.length > 0 ? pushEffects(entry, targets, context.language()) : [];
    return [...popupEffects(entry), ...pushes];
  }

  /** Starts the host's popup and the push feature. */
  async start(context: PlugInContext): Promise<void> {
    this.#context = context;
    await this.#parts.popups.start?.(context);
    this.#parts.push.start(context);
  }

  /** Delivers a decision's effects once its commit resolved (or at once, unbacked). */
  decided(entry: HistoryNotification, kept?: KeptDecision): void {
    if (!kept) return this.#deliver(entry, unbacked(entry, this.effectsOf(entry)));
    const delivered = kept.committed.then(
      (owed) => this.#deliver(entry, owed),
      () => this.#deliver(entry, kept.effects),
    );
    this.#waiting.add(delivered);
    void delivered.finally(() => this.#waiting.delete(delivered));
  }

  /** A set-up notice: the host's popup shows it. */
  notice(notification: HistoryNotification['notification']): void {
    this.#parts.popups.notice?.(notification);
  }

  /**
   * Delivers what an earlier run left owed, as the core planned it (core/outbox.ts: planOwed):
   * fresh popups shown, older ones recorded as missed, pushes retried with their attempts.
   */
  resume(plan: OwedPlan): void {
    const { outbox, history, push } = this.#parts;
    for (const effect of plan.show) this.#deliver(effect.entry!, [effect]);
    for (const effect of plan.missed) {
      if (effect.notificationRow !== undefined)
        void history.markMissed(effect.notificationRow).catch(() => undefined);
      void outbox.done(effect.id).catch(() => undefined);
    }
    for (const effect of plan.dropped) void outbox.done(effect.id).catch(() => undefined);
    const pending = plan.pushes.flatMap((effect) => {
      const parsed = owedPush(effect);
      if (parsed) return [{ push: parsed, attempts: effect.attempts }];
      this.#context?.log.warn(`outbox: the stored push ${effect.id} does not read and was skipped`);
      void outbox.done(effect.id).catch(() => undefined);
      return [];
    });
    push.resume(pending);
  }

  /** Delivers the decisions committed before the stop, then stops the popup and the pushes. */
  async stop(): Promise<void> {
    await Promise.all([...this.#waiting]);
    await this.#parts.popups.stop?.();
    await this.#parts.push.stop();
  }

  #deliver(entry: HistoryNotification, owed: readonly OwedEffect[]): void {
    const { popups, push, outbox } = this.#parts;
    for (const effect of owed) {
      if (effect.kind === 'popup') {
        try {
          popups.decided(entry);
        } catch (error) {
          this.#parts.failed(error);
        }
        if (effect.id !== undefined) void outbox.done(effect.id).catch(() => undefined);
        continue;
      }
      const parsed = owedPush(effect);
      if (parsed) push.deliver(parsed);
      else if (effect.id !== undefined) void outbox.done(effect.id).catch(() => undefined);
    }
  }
}
