import type { HistoryNotification } from '../../shared/history';

/** What a decision may owe: its popup, or a push to one target. */
export type EffectKind = 'popup' | 'push';

/**
 * One effect of a decision, as the decision's transaction writes it into the outbox
 * (adapters/database/outbox-table.ts): its popup, or a push (`target`: the URL; `payload`: the
 * message as JSON).
 */
export interface Effect {
  kind: EffectKind;
  target?: string;
  payload?: string;
}

/** An effect owed: its outbox row (`id`; undefined when the disk refused it: delivered unbacked). */
export interface OwedEffect extends Effect {
  id: number | undefined;
  notificationId: string;
  /** The happening's key (AppNotification.key), when a journaled webhook revealed it. */
  key?: string;
  /** Epoch ms the decision was made (a push's hour of retries counts from here). */
  createdAt: number;
  /** Attempts made so far (a push's; a popup is never tried twice). */
  attempts: number;
}

/** An effect read back from the outbox at start, with its notification (a popup's) where kept. */
export interface StoredEffect extends OwedEffect {
  id: number;
  entry?: HistoryNotification;
  /** A popup's notification row (to record it as missed). */
  notificationRow?: number;
}

/** What start-up does with the effects an earlier run left owed. */
export interface OwedPlan {
  /** Popups decided within the freshness bound (or ahead of the clock): shown now, once. */
  show: StoredEffect[];
  /** Older popups: recorded as missed and counted in the summary of what was missed. */
  missed: StoredEffect[];
  /** Pushes: tried again at once (a start is often a network that changed). */
  pushes: StoredEffect[];
  /** Rows that can no longer be delivered (a popup whose notification is gone): settled. */
  dropped: StoredEffect[];
}

/**
 * Sorts what the outbox holds at start (pure: the recovery module runs it once, before anything
 * new is decided, so all of it was owed by an earlier run). A popup is due while fresh, else it
 * was missed; every push is due (its back-off and expiry are the push feature's).
 */
export function planOwed(
  owed: readonly StoredEffect[],
  facts: { now: number; freshMs: number },
): OwedPlan {
  const plan: OwedPlan = { show: [], missed: [], pushes: [], dropped: [] };
  for (const effect of owed) {
    if (effect.kind === 'push') plan.pushes.push(effect);
    else if (effect.entry === undefined) plan.dropped.push(effect);
    else (facts.now - effect.createdAt <= facts.freshMs ? plan.show : plan.missed).push(effect);
  }
  return plan;
}

/** A decision's popup, owed when the policy showed it. */
export function popupEffects(entry: HistoryNotification): Effect[] {
  return entry.decision.shown ? [{ kind: 'popup' }] : [];
}

/** The effects of a decision as owed without an outbox row (the disk refused its commit). */
export function unbacked(entry: HistoryNotification, effects: readonly Effect[]): OwedEffect[] {
  const { id, key, createdAt } = entry.notification;
  return effects.map((effect) => ({
    ...effect,
    id: undefined,
    notificationId: id,
    ...(key !== undefined ? { key } : {}),
    createdAt,
    attempts: 0,
  }));
}
