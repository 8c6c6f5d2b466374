import path from 'node:path';
import type { AppState } from '../../shared/app-state';
import type { Logger } from '../core/ports';
import { trayModel } from '../core/tray-model';
import type { DesktopElectron } from './desktop-electron';
import { withPopupHealth } from './popup-health';
import { TrayController, type TrayActionHandlers } from './tray-controller';
import { trayIconFile } from './tray-icons';
import { pauseEndsIn, quietEndsIn, trayStateOf } from './tray-state';

/** The tray of the desktop app: rendered from each AppState, and again when a pause or quiet time ends. */
export interface DesktopTray {
  render(state: AppState): void;
  destroy(): void;
}

/** Builds the tray over Electron's factories, with icons from `<distDir>/icons/tray`. */
export function createDesktopTray<I, M>(deps: {
  electron: Pick<DesktopElectron<I, M>, 'createTray' | 'trayImage' | 'buildMenu' | 'platform'>;
  distDir: string;
  actions: TrayActionHandlers;
  /** The state to show when a pause ends (no event marks it). */
  currentState: () => AppState;
  now: () => number;
  /** The running version, in the tooltip. */
  version?: string;
  log: Logger;
}): DesktopTray {
  const { electron, now } = deps;
  const iconsDir = path.join(deps.distDir, 'icons', 'tray');
  const controller = new TrayController<I, M>({
    createTray: electron.createTray,
    image: (icon) => electron.trayImage(trayIconFile(iconsDir, icon, electron.platform)),
    buildMenu: electron.buildMenu,
    actions: deps.actions,
    platform: electron.platform,
    log: deps.log,
  });
  let pauseTimer: ReturnType<typeof setTimeout> | undefined;
  const render = (state: AppState) => {
    controller.render(
      withPopupHealth(trayModel(trayStateOf(state, now(), deps.version)), state, electron.platform),
    );
    clearTimeout(pauseTimer);
    const waits = [pauseEndsIn(state.pause.pausedUntil, now()), quietEndsIn(state, now())];
    const due = waits.filter((ms): ms is number => ms !== null);
    const wait = due.length > 0 ? Math.min(...due) : null;
    if (wait !== null) pauseTimer = setTimeout(() => render(deps.currentState()), wait);
  };
  return {
    render,
    destroy() {
      clearTimeout(pauseTimer);
      controller.destroy();
    },
  };
}
