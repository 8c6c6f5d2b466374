import path from 'node:path';
import type { TrayIcon } from '../core/tray-model';

/**
 * The file of a tray icon in the icons folder (build/icons/tray, copied to dist/icons/tray):
 * macOS takes black-and-alpha template images (the name's `Template` suffix tells Electron), Windows
 * a multi-size ICO, Linux a PNG (Electron loads its `@2x` sibling by itself).
 */
export function trayIconFile(iconsDir: string, icon: TrayIcon, platform: NodeJS.Platform): string {
  switch (platform) {
    case 'darwin':
      return path.join(iconsDir, `${icon}Template.png`);
    case 'win32':
      return path.join(iconsDir, `tray-${icon}.ico`);
    default:
      return path.join(iconsDir, `tray-${icon}.png`);
  }
}
