import { Notifier, type NotifierDeps, type PopupHealth } from '../../main/electron/notifier';
import type { AppNotification, NotificationAction } from '../../shared/model';
import { FakeNotification } from './fake-electron';
import { memoryLogger } from './silent-logger';

/** A go-live notification of room 23058, with the fields given replaced. */
export function goLiveNotification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: 'n-1',
    event: 'StreamStarted',
    roomIds: [23058],
    title: '3号直播间 is live',
    body: '哔哩哔哩音悦台 · 生活 / 影音馆',
    action: { kind: 'openUrl', url: 'https://live.bilibili.com/23058' },
    createdAt: 1,
    ...overrides,
  };
}

/**
 * A Notifier over fake Electron popups, recording what it ran and reported; with `holdDeferred`,
 * the tasks it defers (Windows activations) wait in `deferred` instead of a timer.
 */
export function notifierHarness(options: Partial<NotifierDeps> = {}, holdDeferred = false) {
  const popups: FakeNotification[] = [];
  const ran: NotificationAction[] = [];
  const deferred: (() => void)[] = [];
  const health: PopupHealth[] = [];
  const log = memoryLogger();
  const notifier = new Notifier({
    createNotification: (popupOptions) => {
      const popup = new FakeNotification(popupOptions as Record<string, unknown>);
      popups.push(popup);
      return popup;
    },
    isSupported: () => true,
    runAction: (action) => ran.push(action),
    log,
    ...(holdDeferred ? { defer: (task: () => void) => void deferred.push(task) } : {}),
    onHealth: (next) => health.push(next),
    ...options,
  });
  return { notifier, popups, ran, deferred, health, log };
}
