// Where the installed desktop app keeps its data and its log, per OS, as Electron names them:
// userData is <appData>/<productName>; the logs folder is ~/Library/Logs/<productName> on macOS and
// <userData>/logs elsewhere (Electron's app.setAppLogsPath docs); main/electron/app-logger.ts
// writes main.log there (LOG_FILE_NAME).
import path from 'node:path';
import { LOG_FILE_NAME } from '../../main/electron/app-logger';

/** package.json's productName: the folder name Electron gives userData and the logs. */
export const PRODUCT_NAME = 'Recorder Tray';

/** The installed app's data folder and log file. */
export interface AppLocations {
  dataDir: string;
  logFile: string;
}

/**
 * The data folder and log file of the installed app for a user: Windows `%APPDATA%\Recorder Tray`
 * (logs in `logs\`), macOS `~/Library/Application Support/Recorder Tray` and
 * `~/Library/Logs/Recorder Tray`, Linux `$XDG_CONFIG_HOME/Recorder Tray` (default `~/.config`).
 */
export function installedAppLocations(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  home: string,
): AppLocations {
  if (platform === 'win32') {
    const appData = env.APPDATA || path.win32.join(home, 'AppData', 'Roaming');
    const dataDir = path.win32.join(appData, PRODUCT_NAME);
    return { dataDir, logFile: path.win32.join(dataDir, 'logs', LOG_FILE_NAME) };
  }
  if (platform === 'darwin') {
    return {
      dataDir: path.posix.join(home, 'Library', 'Application Support', PRODUCT_NAME),
      logFile: path.posix.join(home, 'Library', 'Logs', PRODUCT_NAME, LOG_FILE_NAME),
    };
  }
  const config = env.XDG_CONFIG_HOME || path.posix.join(home, '.config');
  const dataDir = path.posix.join(config, PRODUCT_NAME);
  return { dataDir, logFile: path.posix.join(dataDir, 'logs', LOG_FILE_NAME) };
}
