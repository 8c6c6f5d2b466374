import { describe, expect, test } from 'vitest';
import { History, initialReadState } from '../../main/core/history';
import { makeNotification } from '../fakes/history-records';

describe("the notifications of a span (a quiet hours digest's)", () => {
  test('createdFrom and createdBefore keep what was decided in the span, with the other filters', () => {
    const history = new History();
    for (let i = 0; i < 10; i += 1) history.addNotification(makeNotification(i));
    const span = history.notifications({ createdFrom: 3000, createdBefore: 6000 });
    expect(span.items.map((e) => e.notification.id)).toEqual(['n-5', 'n-4', 'n-3']);
    expect(span.total).toBe(3);
    history.markRead('n-4');
    expect(
      history
        .notifications({ createdFrom: 3000, createdBefore: 6000, unreadOnly: true })
        .items.map((e) => e.notification.id),
    ).toEqual(['n-5', 'n-3']);
  });

  test('what quiet hours held starts unread ("what did I miss"); a quiet room\'s does not', () => {
    expect(initialReadState({ shown: false, reason: 'held' })).toBe(false);
    expect(initialReadState({ shown: false, reason: 'quietRoom' })).toBe(true);
  });
});
