import { POPUP_BUTTON_LABELS } from '../../shared/i18n/room-commands';
import { popupPictures } from '../features/pictures/core/popup-pictures';
import type { AppNotification } from '../../shared/model';
import type { PopupButton } from '../../shared/popup-button';
import type { DesktopPopup } from '../adapters/notify-send';
import { errorMessage } from '../core/log-text';
import type { Logger } from '../core/ports';
import type { RunningApp } from '../app';

type Press = { notification: AppNotification; button: PopupButton };

/**
 * Runs the buttons pressed on popups through the app's `notification:act`, for both
 * hosts: the desktop's Electron notifier and headless mode's notify-send. A press that comes before
 * the app is connected is held, as popup clicks are (main/electron/popup-clicks.ts).
 */
export class PopupButtonRunner {
  readonly #log: Logger;
  #app: Pick<RunningApp, 'handlers' | 'state'> | undefined;
  readonly #pending: Press[] = [];

  constructor(log: Logger) {
    this.#log = log;
  }

  /** Runs a pressed button now, or once the app is connected; a refusal is logged in its words. */
  readonly run = (notification: AppNotification, button: PopupButton): void => {
    const app = this.#app;
    if (!app) {
      this.#pending.push({ notification, button });
      return;
    }
    app.handlers['notification:act']({ id: notification.id, button }).then(
      (result) => {
        if (!result.ok) this.#log.warn(`popup button ${button}: ${result.message ?? 'refused'}`);
      },
      (error: unknown) => this.#log.error(`popup button ${button}: ${errorMessage(error)}`),
    );
  };

  /** A button's label in the app's language. */
  readonly label = (button: PopupButton): string =>
    POPUP_BUTTON_LABELS[this.#app?.state().language ?? 'en'][button];

  /** A notify-send popup with the notification's buttons (headless mode on Linux). */
  desktopPopup(notification: AppNotification): DesktopPopup {
    const buttons = notification.buttons ?? [];
    const popup: DesktopPopup = {
      title: notification.title,
      body: notification.body,
      ...popupPictures(notification), // the avatar and cover, where cached
      ...(notification.silent ? { silent: true } : {}),
    };
    if (buttons.length === 0) return popup;
    return {
      ...popup,
      actions: buttons.map((id) => ({ id, label: this.label(id) })),
      onAction: (id) => {
        const button = buttons.find((b) => b === id);
        if (button) this.run(notification, button);
      },
    };
  }

  /** Connects the running app and runs the presses held so far, in order. */
  connect(app: Pick<RunningApp, 'handlers' | 'state'>): void {
    this.#app = app;
    for (const press of this.#pending.splice(0)) this.run(press.notification, press.button);
  }
}
