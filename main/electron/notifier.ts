import type { Notification, NotificationConstructorOptions } from 'electron';
import { popupPictures } from '../features/pictures/core/popup-pictures';
import type { AppNotification, NotificationAction } from '../../shared/model';
import type { PopupButton } from '../../shared/popup-button';
import type { PopupHealth } from '../hosts/popup-health-state';
import type { Logger } from '../core/ports';
import { pruneOldest } from '../core/prune-oldest';
import type { Fits } from './type-fit';

/** The Notification calls the notifier makes; Electron's Notification fits. */
export interface NotificationHandle {
  show(): void;
  on(event: 'click' | 'show', listener: () => void): unknown;
  /** Windows names the reason: `userCanceled`, `applicationHidden` or `timedOut`. */
  on(event: 'close', listener: (details: { reason?: string | undefined }) => void): unknown;
  /** macOS and Windows: the popup could not be shown (on macOS, every popup of an unsigned app). */
  on(event: 'failed', listener: (event: unknown, error: string) => void): unknown;
  /** macOS and Windows: a button was pressed; `actionIndex` is its index in `actions`. */
  on(event: 'action', listener: (details: { actionIndex: number }) => void): unknown;
}

/** Whether popups reach the user: blocked after a `failed`, clear again after a popup shows. */
export type { PopupHealth } from '../hosts/popup-health-state';

/** What the notifier needs. */
export interface NotifierDeps {
  createNotification: (options: NotificationConstructorOptions) => NotificationHandle;
  /** `Notification.isSupported()`. */
  isSupported: () => boolean;
  runAction: (action: NotificationAction) => unknown;
  log: Logger;
  /** App icon for the popup (Linux and Windows show it). */
  icon?: string;
  /** Told when popups become blocked (a `failed` event) or get through again (a `show` event). */
  onHealth?: (health: PopupHealth) => void;
  /**
   * Runs a popup's button (the app's `notification:act`). Buttons are shown only with this and
   * `buttonLabel`, where Electron supports them: macOS and Windows (NotificationAction `button`).
   */
  runButton?: (notification: AppNotification, button: PopupButton) => unknown;
  /** A button's label in the user's language. */
  buttonLabel?: (button: PopupButton) => string;
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
  buttonLabel?: (button: PopupButton) => string,
): NotificationConstructorOptions {
  // macOS shows the first as the popup's button and the rest on hover (signed apps only); Windows
  // shows them all (https://electronjs.org/docs/api/structures/notification-action).
  const actions = buttonLabel
    ? (notification.buttons ?? []).map((button) => ({
        type: 'button' as const,
        text: buttonLabel(button),
      }))
    : [];
  const shownIcon = popupIcon(notification, icon);
  const groupId =
    notification.tag ??
    (notification.roomIds.length === 1 ? `room-${notification.roomIds[0]}` : undefined);
  return {
    title: notification.title,
    body: notification.body,
    // The tier's sound (main/core/room-attention.ts): `silent` works everywhere; `sound`, a system
    // sound's name or a file, is macOS only (https://www.electronjs.org/docs/latest/api/notification).
    silent: notification.silent === true,
    ...(notification.sound !== undefined && !notification.silent
      ? { sound: notification.sound }
      : {}),
    ...(notification.id.length <= WINDOWS_ID_MAX ? { id: notification.id } : {}),
    ...(groupId !== undefined && groupId.length <= WINDOWS_ID_MAX ? { groupId } : {}),
    ...(shownIcon === undefined ? {} : { icon: shownIcon }),
    ...(actions.length > 0 ? { actions } : {}),
  };
}

/**
 * The popup's icon: the streamer's avatar when cached, else the app's. What each OS does with it
 * (Electron 45, shell/browser/notifications/): Windows puts it in the toast's `appLogoOverride`
 * slot; macOS attaches it (UNNotificationAttachment, a thumbnail beside the text); Linux hands it
 * to libnotify as the popup's icon. The cover is not shown: only `toastXml` (Windows) could show
 * it as a hero image, and `toastXml` replaces every other option, the buttons and their
 * activation included.
 */
function popupIcon(notification: AppNotification, appIcon: string | undefined): string | undefined {
  return popupPictures(notification).icon ?? appIcon;
}

/** Shows AppNotifications as native popups; a click runs the notification's action. */
export class Notifier {
  readonly #deps: NotifierDeps;
  // Electron stops delivering 'click' to Notification objects that were garbage-collected
  // (https://github.com/electron/electron/issues/16922).
  readonly #live = new Map<string, NotificationHandle>();
  /** Failure reasons already logged: an unsigned macOS build fails every popup the same way. */
  readonly #loggedFailures = new Set<string>();
  #blocked = false;
  #clicks = 0;

  constructor(deps: NotifierDeps) {
    this.#deps = deps;
  }

  /** How many popups are held for their clicks (for tests and diagnostics). */
  get liveCount(): number {
    return this.#live.size;
  }

  /** Shows a popup; false when the system has no notification support. */
  show(notification: AppNotification): boolean {
    const { createNotification, isSupported, log } = this.#deps;
    if (!isSupported()) {
      log.warn(`notifier: notifications are not supported here; ${notification.id} not shown`);
      return false;
    }
    const { runButton, buttonLabel } = this.#deps;
    const withButtons = runButton !== undefined && buttonLabel !== undefined;
    const popup = createNotification(
      notificationOptions(notification, this.#deps.icon, withButtons ? buttonLabel : undefined),
    );
    // The click keeps the notification's own action; buttons are extra ways to act on it.
    this.#attach(notification.id, popup, notification.action ?? { kind: 'openWindow' });
    if (withButtons) this.#attachButtons(notification, popup, runButton);
    popup.show();
    return true;
  }

  /**
   * Keeps popups delivered before a restart clickable: macOS's `Notification.getHistory()` returns
   * live objects for what is still in Notification Center (Electron 43+, signed apps only; empty
   * otherwise). Their actions are not kept by the system, so a click opens the window, whose
   * history lists them.
   */
  adoptDelivered(popups: readonly (NotificationHandle & { id: string })[]): void {
    for (const popup of popups) this.#attach(popup.id, popup, { kind: 'openWindow' });
  }

  #attach(key: string, popup: NotificationHandle, action: NotificationAction): void {
    popup.on('click', () => {
      this.#clicks += 1;
      this.#live.delete(key);
      this.#run(action);
    });
    popup.on('close', (details) => {
      // A Windows toast that times out moves to Action Center and can still be clicked there; the
      // reference must live on or the click is lost with the collected object
      // (https://github.com/electron/electron/issues/16922). The cap still bounds the set.
      if (details?.reason !== 'timedOut') this.#live.delete(key);
    });
    popup.on('show', () => this.#setHealth({ blocked: false }));
    popup.on('failed', (_event, error) => {
      this.#live.delete(key);
      this.#failed(error);
    });
    this.#live.set(key, popup);
    pruneOldest(this.#live, MAX_LIVE_NOTIFICATIONS, 0);
  }

  #attachButtons(
    notification: AppNotification,
    popup: NotificationHandle,
    runButton: NonNullable<NotifierDeps['runButton']>,
  ): void {
    const buttons = notification.buttons ?? [];
    popup.on('action', (details) => {
      const button = buttons[details.actionIndex];
      if (button === undefined) return;
      this.#clicks += 1; // handleActivation's fallback must not open the window as well
      this.#live.delete(notification.id);
      this.#guard(() => runButton(notification, button));
    });
  }

  #failed(error: string): void {
    const reason = String(error);
    if (!this.#loggedFailures.has(reason)) {
      this.#loggedFailures.add(reason);
      // Unsigned macOS builds fail every popup since Electron 42 (UNNotification needs a signed app):
      // https://github.com/electron/electron/blob/main/docs/breaking-changes.md
      this.#deps.log.warn(`notifier: the system refused a popup: ${reason}`);
    }
    this.#setHealth({ blocked: true, reason });
  }

  #setHealth(health: PopupHealth): void {
    if (health.blocked === this.#blocked) return;
    this.#blocked = health.blocked;
    this.#deps.onHealth?.(health);
  }

  /**
   * For `Notification.handleActivation` (Windows Action Center, cold starts). Electron's activation
   * arguments carry only a hash of its own id (`type=click&tag=<hash>`), so the notification cannot
   * be told apart here: when no live popup took the click, the window opens (its history lists it).
   */
  handleActivation(details: { type: string }): void {
    // 'action': a button of a toast whose object is gone; which one cannot be told either.
    if (details.type !== 'click' && details.type !== 'action') return;
    const clicksBefore = this.#clicks;
    const defer = this.#deps.defer ?? ((task: () => void) => void setTimeout(task, 1000));
    // The live popup's own 'click' may fire just before or after this callback; wait for it.
    defer(() => {
      if (this.#clicks === clicksBefore) this.#run({ kind: 'openWindow' });
    });
  }

  #run(action: NotificationAction): void {
    this.#guard(() => this.#deps.runAction(action));
  }

  #guard(task: () => unknown): void {
    const report = (error: unknown) =>
      this.#deps.log.error(`notifier: action failed: ${String(error)}`);
    try {
      const result = task();
      if (result instanceof Promise) result.catch(report);
    } catch (error) {
      report(error);
    }
  }
}

// Electron's Notification fits the handle the notifier is written against.
type _NotificationFits = Fits<NotificationHandle, Notification>;
