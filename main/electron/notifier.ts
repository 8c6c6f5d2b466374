import type { Notification, NotificationConstructorOptions } from 'electron';
import type { AppNotification, NotificationAction } from '../../shared/model';
import type { Logger } from '../core/ports';
import type { Fits } from './type-fit';

/** The Notification calls the notifier makes; Electron's Notification fits. */
export interface NotificationHandle {
  show(): void;
  on(event: 'click' | 'close', listener: () => void): unknown;
}

/** What the notifier needs. */
export interface NotifierDeps {
  createNotification: (options: NotificationConstructorOptions) => NotificationHandle;
  /** `Notification.isSupported()`. */
  isSupported: () => boolean;
  runAction: (action: NotificationAction) => unknown;
  log: Logger;
  /** App icon for the popup (Linux and Windows show it). */
  icon?: string;
  /** For testing: runs `task` after the activation grace period (default: 1 s timer). */
  defer?: (task: () => void) => void;
}

/** Windows limits a toast's Tag and Group to 64 characters; longer ones are left to Electron. */
const WINDOWS_ID_MAX = 64;
/** Popups kept referenced until clicked or closed, so a click still reaches its handler. */
const MAX_LIVE_NOTIFICATIONS = 50;

/** The Electron options of a popup: title and body as given, grouped per room where supported. */
export function notificationOptions(
  notification: AppNotification,
  icon?: string,
): NotificationConstructorOptions {
  const groupId =
    notification.tag ??
    (notification.roomIds.length === 1 ? `room-${notification.roomIds[0]}` : undefined);
  return {
    title: notification.title,
    body: notification.body,
    silent: false,
    ...(notification.id.length <= WINDOWS_ID_MAX ? { id: notification.id } : {}),
    ...(groupId !== undefined && groupId.length <= WINDOWS_ID_MAX ? { groupId } : {}),
    ...(icon === undefined ? {} : { icon }),
  };
}

/** Shows AppNotifications as native popups; a click runs the notification's action. */
export class Notifier {
  readonly #deps: NotifierDeps;
  // Electron stops delivering 'click' to Notification objects that were garbage-collected.
  readonly #live = new Map<string, NotificationHandle>();
  #clicks = 0;

  constructor(deps: NotifierDeps) {
    this.#deps = deps;
  }

  /** Shows a popup; false when the system has no notification support. */
  show(notification: AppNotification): boolean {
    const { createNotification, isSupported, log } = this.#deps;
    if (!isSupported()) {
      log.warn(`notifier: notifications are not supported here; ${notification.id} not shown`);
      return false;
    }
    const popup = createNotification(notificationOptions(notification, this.#deps.icon));
    const key = notification.id;
    popup.on('click', () => {
      this.#clicks += 1;
      this.#live.delete(key);
      this.#run(notification.action ?? { kind: 'openWindow' });
    });
    popup.on('close', () => this.#live.delete(key));
    this.#live.set(key, popup);
    while (this.#live.size > MAX_LIVE_NOTIFICATIONS) {
      const oldest = this.#live.keys().next().value;
      if (oldest === undefined) break;
      this.#live.delete(oldest);
    }
    popup.show();
    return true;
  }

  /**
   * For `Notification.handleActivation` (Windows Action Center, cold starts). Electron's activation
   * arguments carry only a hash of its own id (`type=click&tag=<hash>`), so the notification cannot
   * be told apart here: when no live popup took the click, the window opens (its history lists it).
   */
  handleActivation(details: { type: string }): void {
    if (details.type !== 'click') return;
    const clicksBefore = this.#clicks;
    const defer = this.#deps.defer ?? ((task: () => void) => void setTimeout(task, 1000));
    // The live popup's own 'click' may fire just before or after this callback; wait for it.
    defer(() => {
      if (this.#clicks === clicksBefore) this.#run({ kind: 'openWindow' });
    });
  }

  #run(action: NotificationAction): void {
    try {
      const result = this.#deps.runAction(action);
      if (result instanceof Promise) {
        result.catch((error: unknown) =>
          this.#deps.log.error(`notifier: action failed: ${String(error)}`),
        );
      }
    } catch (error) {
      this.#deps.log.error(`notifier: action failed: ${String(error)}`);
    }
  }
}

// Electron's Notification fits the handle the notifier is written against.
type _NotificationFits = Fits<NotificationHandle, Notification>;
