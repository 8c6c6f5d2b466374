import type { AppState } from '../../shared/app-state';
import { popupsBlockedText } from '../../shared/i18n/popups-blocked';
import type { TrayModel } from '../core/tray-model';
import type { PopupHealth } from './notifier';

/**
 * The tray model with "popups are blocked" under "open window" while the system refuses popups;
 * choosing it opens the window, whose notice says where to allow them on this OS.
 */
export function withPopupHealth(
  model: TrayModel,
  state: Pick<AppState, 'popups' | 'language'>,
  platform: string,
): TrayModel {
  if (state.popups?.blocked !== true) return model;
  const { title } = popupsBlockedText(state.language, platform);
  const at = model.menu.findIndex((item) => item.type === 'item' && item.id === 'open-window') + 1;
  const menu = [...model.menu];
  menu.splice(at, 0, {
    type: 'item',
    id: 'popups-blocked',
    label: `⚠ ${title}`,
    enabled: true,
    action: { kind: 'openWindow' },
  });
  return { ...model, menu };
}

/**
 * Whether popups reach the user, as the notifier last reported it (its `onHealth`), for the
 * AppState's `popups` field; listeners hear each change.
 */
export class PopupHealthState {
  #health: PopupHealth | undefined;
  readonly #listeners = new Set<() => void>();

  /** The notifier's report (bound, so it can be passed as `onHealth`). */
  readonly set = (health: PopupHealth): void => {
    this.#health = health;
    for (const listener of this.#listeners) listener();
  };

  /** The AppState field: absent until a popup failed (or showed after failing). */
  field(): Pick<AppState, 'popups'> {
    const health = this.#health;
    if (health === undefined) return {};
    return {
      popups: {
        blocked: health.blocked,
        ...(health.reason !== undefined ? { reason: health.reason } : {}),
      },
    };
  }

  /** Subscribes to changes; returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
