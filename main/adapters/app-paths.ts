import { homedir } from 'node:os';
import { join } from 'node:path';

/** The product name, which is also the name of the app's folder (as Electron's `userData`). */
export const PRODUCT_NAME = 'Recorder Tray';

/** The per-user data folder Electron would use for this app, computed without Electron. */
export function defaultDataDir(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): string {
  if (platform === 'win32')
    return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', PRODUCT_NAME);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), PRODUCT_NAME);
}

/** The system locale as the environment or Intl tells it (`zh_CN.UTF-8` → `zh-CN`). */
export function systemLocale(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.LC_ALL || env.LC_MESSAGES || env.LANG;
  if (fromEnv && fromEnv !== 'C' && fromEnv !== 'POSIX')
    return fromEnv.split('.')[0]!.replace('_', '-');
  return Intl.DateTimeFormat().resolvedOptions().locale;
}
