import { describe, expect, it } from 'vitest';
import { FakeNotification } from '../fakes/fake-electron';
import { goLiveNotification, notifierHarness } from '../fakes/notifier-harness';

const notification = (id: string) => goLiveNotification({ id, body: '哔哩哔哩音悦台' });
const setup = () => notifierHarness();

describe('Notifier: Windows Action Center', () => {
  it('keeps a timed-out toast referenced, so a click from Action Center still acts', () => {
    const { notifier, popups, ran } = setup();
    notifier.show(notification('a'));
    popups[0]?.emit('close', { reason: 'timedOut' });
    expect(notifier.liveCount).toBe(1);
    popups[0]?.click();
    expect(ran).toEqual([{ kind: 'openUrl', url: 'https://live.bilibili.com/23058' }]);
    expect(notifier.liveCount).toBe(0);
  });

  it('drops a toast the user dismissed, and one closed without a reason (macOS, Linux)', () => {
    const { notifier, popups } = setup();
    notifier.show(notification('a'));
    notifier.show(notification('b'));
    popups[0]?.emit('close', { reason: 'userCanceled' });
    popups[1]?.emit('close', {});
    expect(notifier.liveCount).toBe(0);
  });

  it('still bounds the popups held after timing out', () => {
    const { notifier, popups } = setup();
    for (let n = 0; n < 60; n += 1) {
      notifier.show(notification(`n-${n}`));
      popups[n]?.emit('close', { reason: 'timedOut' });
    }
    expect(notifier.liveCount).toBe(50);
  });
});

describe('Notifier: failed popups', () => {
  it('reports popups blocked once, logs each cause once, and drops the failed popup', () => {
    const { notifier, popups, health, log } = setup();
    for (const id of ['a', 'b', 'c']) notifier.show(notification(id));
    popups[0]?.emit('failed', {}, 'Notifications are not allowed for this application');
    popups[1]?.emit('failed', {}, 'Notifications are not allowed for this application');
    popups[2]?.emit('failed', {}, 'UNErrorDomain error 1');
    expect(notifier.liveCount).toBe(0);
    expect(health).toEqual([
      { blocked: true, reason: 'Notifications are not allowed for this application' },
    ]);
    expect(log.lines).toEqual([
      'warn notifier: the system refused a popup: Notifications are not allowed for this application',
      'warn notifier: the system refused a popup: UNErrorDomain error 1',
    ]);
  });

  it('clears the blocked state when a popup shows again, and says nothing while all is well', () => {
    const { notifier, popups, health } = setup();
    notifier.show(notification('a'));
    popups[0]?.emit('show');
    expect(health).toEqual([]);
    popups[0]?.emit('failed', {}, 'denied');
    notifier.show(notification('b'));
    popups[1]?.emit('show');
    expect(health).toEqual([{ blocked: true, reason: 'denied' }, { blocked: false }]);
  });
});

describe('Notifier: delivered popups after a restart (macOS)', () => {
  it('holds them and opens the window on their click', () => {
    const { notifier, ran } = setup();
    const delivered = Object.assign(new FakeNotification({}), { id: 'old-1' });
    notifier.adoptDelivered([delivered]);
    expect(notifier.liveCount).toBe(1);
    delivered.click();
    expect(ran).toEqual([{ kind: 'openWindow' }]);
  });
});
