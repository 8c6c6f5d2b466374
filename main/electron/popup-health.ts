import type { AppState } from '../../shared/app-state';
import { popupsBlockedText } from '../../shared/i18n/popups-blocked';
import type { TrayModel } from '../core/tray-model';

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
