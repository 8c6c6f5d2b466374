import type { Menu, MenuItemConstructorOptions, NativeImage, Tray } from 'electron';
import { assertNever } from '../../shared/parse';
import type { TrayAction, TrayIcon, TrayMenuItem, TrayModel } from '../core/tray-model';
import type { Logger } from '../core/ports';
import type { Fits } from './type-fit';
import { errorMessage } from '../core/log-text';

/** The Tray calls the controller makes; Electron's Tray fits with I = NativeImage, M = Menu. */
export interface TrayHandle<I, M> {
  setImage(image: I): void;
  setToolTip(toolTip: string): void;
  setContextMenu(menu: M | null): void;
  on(event: 'click', listener: () => void): unknown;
  destroy(): void;
}

/** One callback per tray action kind. */
export type TrayActionHandlers = {
  [K in TrayAction['kind']]: (action: Extract<TrayAction, { kind: K }>) => void | Promise<void>;
};

/** What the tray controller needs; `createTray` is the Electron factory, a fake in tests. */
export interface TrayControllerDeps<I, M> {
  createTray: (image: I) => TrayHandle<I, M>;
  image: (icon: TrayIcon) => I;
  buildMenu: (template: MenuItemConstructorOptions[]) => M;
  actions: TrayActionHandlers;
  platform: NodeJS.Platform;
  log: Logger;
}

/** Runs the callback for an action; errors are logged, never thrown into Electron's menu code. */
export function runTrayAction(handlers: TrayActionHandlers, action: TrayAction, log: Logger): void {
  const report = (error: unknown) =>
    log.error(`tray: ${action.kind} failed: ${errorMessage(error)}`);
  try {
    // The mapped type cannot follow the kind through the lookup; TrayActionHandlers ties them.
    const byKind = handlers as Record<TrayAction['kind'], (action: TrayAction) => unknown>;
    const result = byKind[action.kind](action);
    if (result instanceof Promise) result.catch(report);
  } catch (error) {
    report(error);
  }
}

/**
 * Menu labels come partly from the network (room names, titles). Windows and Linux read `&` as a
 * mnemonic marker; doubling it shows it literally.
 */
export function escapeMenuLabel(label: string, platform: NodeJS.Platform): string {
  return platform === 'darwin' ? label : label.replaceAll('&', '&&');
}

/** Turns the model's data menu into Electron's template, binding each action id to `run`. */
export function menuTemplate(
  items: readonly TrayMenuItem[],
  run: (action: TrayAction) => void,
  platform: NodeJS.Platform,
): MenuItemConstructorOptions[] {
  return items.map((item): MenuItemConstructorOptions => {
    switch (item.type) {
      case 'separator':
        return { type: 'separator' };
      case 'label':
        return { id: item.id, label: escapeMenuLabel(item.label, platform), enabled: false };
      case 'submenu':
        return {
          id: item.id,
          label: escapeMenuLabel(item.label, platform),
          submenu: menuTemplate(item.items, run, platform),
        };
      case 'item':
        return {
          id: item.id,
          label: escapeMenuLabel(item.label, platform),
          enabled: item.enabled,
          click: () => run(item.action),
        };
      default:
        return assertNever(item);
    }
  });
}

/**
 * The tray icon, rendered from a TrayModel (Signal Desktop's SystemTrayService idea): one render
 * method, and each part is touched only when it changed (menu rebuilds flicker on Linux).
 */
export class TrayController<I, M> {
  readonly #deps: TrayControllerDeps<I, M>;
  #tray: TrayHandle<I, M> | undefined;
  #icon: TrayIcon | undefined;
  #tooltip: string | undefined;
  #menuKey: string | undefined;

  constructor(deps: TrayControllerDeps<I, M>) {
    this.#deps = deps;
  }

  /** Shows the model: creates the tray on first use, then updates only what differs. */
  render(model: TrayModel): void {
    const deps = this.#deps;
    if (this.#tray === undefined) {
      this.#tray = deps.createTray(deps.image(model.icon));
      this.#icon = model.icon;
      // Windows and macOS click; on Linux the panel keeps the click to open the menu, hence "open
      // window" in the menu (https://github.com/electron/electron/issues/37112).
      this.#tray.on('click', () => this.#run({ kind: 'openWindow' }));
    }
    const tray = this.#tray;
    if (this.#icon !== model.icon) {
      tray.setImage(deps.image(model.icon));
      this.#icon = model.icon;
    }
    if (this.#tooltip !== model.tooltip) {
      tray.setToolTip(model.tooltip);
      this.#tooltip = model.tooltip;
    }
    const menuKey = JSON.stringify(model.menu);
    if (this.#menuKey !== menuKey) {
      tray.setContextMenu(
        deps.buildMenu(menuTemplate(model.menu, (action) => this.#run(action), deps.platform)),
      );
      this.#menuKey = menuKey;
    }
  }

  /** Removes the tray icon (on quit). */
  destroy(): void {
    this.#tray?.destroy();
    this.#tray = undefined;
    this.#icon = undefined;
    this.#tooltip = undefined;
    this.#menuKey = undefined;
  }

  #run(action: TrayAction): void {
    runTrayAction(this.#deps.actions, action, this.#deps.log);
  }
}

// Electron's Tray, NativeImage and Menu fit the handle the controller is written against.
type _TrayFits = Fits<TrayHandle<NativeImage, Menu>, Tray>;
