import path from 'node:path';

/** Whether Electron's sandbox can start here, or why not and what fixes it. */
export type SandboxCheck = { ok: true } | { ok: false; reason: string; remedy: string[] };

/** What the check reads; real files in tools/start.ts, plain values in tests. */
export interface SandboxCheckInput {
  platform: NodeJS.Platform;
  /** The Electron binary found by checkElectron (chrome-sandbox lies beside it). */
  binary: string;
  /** A file's text, or undefined when it cannot be read. */
  readText: (file: string) => string | undefined;
  /** Owner and mode of a file, or undefined when it does not exist. */
  stat: (file: string) => { uid: number; mode: number } | undefined;
  /** The arguments the app would get (`--no-sandbox` turns the sandbox off). */
  args: readonly string[];
}

/** Ubuntu 23.10+ (default since 24.04): AppArmor confines unprivileged user namespaces. */
export const USERNS_RESTRICTION = '/proc/sys/kernel/apparmor_restrict_unprivileged_userns';

/**
 * On Linux with AppArmor restricting unprivileged user namespaces, Chromium's namespace sandbox
 * cannot start, and the setuid fallback needs `chrome-sandbox` owned by root with mode 4755, which
 * an npm install never gives it: Electron aborts ("The SUID sandbox helper binary was found, but is
 * not configured correctly"; https://github.com/electron/electron/issues/41066,
 * https://github.com/electron/electron/issues/42510). Says so before starting Electron, with the
 * remedies, so that `npm start` can run headless mode instead.
 */
export function checkSandbox(input: SandboxCheckInput): SandboxCheck {
  if (input.platform !== 'linux' || input.args.includes('--no-sandbox')) return { ok: true };
  if (input.readText(USERNS_RESTRICTION)?.trim() !== '1') return { ok: true };
  const helper = path.join(path.dirname(input.binary), 'chrome-sandbox');
  const helperStat = input.stat(helper);
  // The setuid helper works when root owns it with mode 4755.
  if (helperStat !== undefined && helperStat.uid === 0 && (helperStat.mode & 0o7777) === 0o4755)
    return { ok: true };
  return {
    ok: false,
    reason:
      'AppArmor restricts unprivileged user namespaces here (Ubuntu 24.04 and later), and ' +
      `${helper} is not root-owned with mode 4755, so Electron's sandbox would abort`,
    remedy: [
      `sudo chown root:root '${helper}' && sudo chmod 4755 '${helper}'   (again after each npm ci)`,
      `or an AppArmor profile allowing userns for '${input.binary}' (see docs/user-guide.md, "The tray on each OS")`,
    ],
  };
}
