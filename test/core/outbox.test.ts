import { describe, expect, test } from 'vitest';
import { planOwed, popupEffects, unbacked, type StoredEffect } from '../../main/core/outbox';
import { makeNotification } from '../fakes/history-records';

const MINUTE = 60_000;
const FRESH_MS = 10 * MINUTE;

/** A popup owed since `createdAt`, with its notification (or without: its row pruned). */
function popup(id: number, createdAt: number, kept = true): StoredEffect {
  const entry = makeNotification(id);
  entry.notification.createdAt = createdAt;
  return {
    id,
    kind: 'popup',
    notificationId: entry.notification.id,
    createdAt,
    attempts: 0,
    ...(kept ? { entry, notificationRow: id } : {}),
  };
}

describe('planOwed', () => {
  test('a popup decided within the freshness bound (or ahead of the clock) shows; older is missed', () => {
    const now = 100 * MINUTE;
    const push: StoredEffect = {
      id: 9,
      kind: 'push',
      notificationId: 'n-9',
      target: 'json://127.0.0.1:9/hook',
      payload: '{"title":"t","body":"b"}',
      createdAt: now - 3 * FRESH_MS,
      attempts: 3,
    };
    const plan = planOwed(
      [
        popup(1, now - FRESH_MS - 1),
        popup(2, now - FRESH_MS),
        popup(3, now + MINUTE),
        push,
        popup(4, now, false),
      ],
      { now, freshMs: FRESH_MS },
    );
    expect(plan.show.map((p) => p.id)).toEqual([2, 3]);
    expect(plan.missed.map((p) => p.id)).toEqual([1]);
    // A push is due however old: its own back-off and hour of retries decide (push feature).
    expect(plan.pushes.map((p) => p.id)).toEqual([9]);
    // A popup whose notification is gone cannot be shown: its row is settled.
    expect(plan.dropped.map((p) => p.id)).toEqual([4]);
  });
});

describe('a decision’s popup', () => {
  test('is owed when the policy showed it, not when it held it', () => {
    const shown = makeNotification(1);
    const held = makeNotification(2, { decision: { shown: false, reason: 'muted' } });
    expect(popupEffects(shown)).toEqual([{ kind: 'popup' }]);
    expect(popupEffects(held)).toEqual([]);
  });

  test('without an outbox row (the disk refused the commit) it is still owed, with no id', () => {
    const entry = makeNotification(1, {});
    entry.notification.key = 'j4:StreamStarted';
    expect(unbacked(entry, popupEffects(entry))).toEqual([
      {
        kind: 'popup',
        id: undefined,
        notificationId: 'n-1',
        key: 'j4:StreamStarted',
        createdAt: entry.notification.createdAt,
        attempts: 0,
      },
    ]);
  });
});
