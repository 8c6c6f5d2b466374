import { readFileSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { replaceFile, replaceFileSync } from './replace-file';

/** The autostart entry's file name (one per app; the desktop environment reads every file there). */
export const AUTOSTART_FILE_NAME = 'recorder-tray.desktop';

/** `$XDG_CONFIG_HOME/autostart`, or `~/.config/autostart` (XDG Base Directory spec). */
export function defaultAutostartDir(
  env: NodeJS.ProcessEnv = process.env,
  home: string = os.homedir(),
): string {
  const configHome = env.XDG_CONFIG_HOME;
  // The spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  const base =
    configHome !== undefined && path.isAbsolute(configHome)
      ? configHome
      : path.join(home, '.config');
  return path.join(base, 'autostart');
}

// Desktop Entry spec, "The Exec key": arguments with reserved characters are double-quoted, and
// inside quotes `"`, backquote, `$` and `\` are escaped with a backslash.
const RESERVED = /[\s"'\\><~|&;$*?#()`]/;

/** Quotes one Exec argument; `%` is doubled so it is never read as a field code. */
export function quoteExecArgument(argument: string): string {
  if (/[\n\r\0]/.test(argument))
    throw new Error('an Exec argument cannot hold a line break or NUL');
  const quoted =
    RESERVED.test(argument) || argument === ''
      ? `"${argument.replace(/(["`$\\])/g, '\\$1')}"`
      : argument;
  return quoted.replaceAll('%', '%%');
}

/** Escapes a string value of a .desktop file (the Exec value is unescaped once before it is split). */
function escapeValue(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
}

/** What the .desktop entry says. */
export interface AutostartEntry {
  name: string;
  /** The program to start: the AppImage file itself when run from one ($APPIMAGE), not its mount. */
  executable: string;
  args: readonly string[];
  comment?: string;
  icon?: string;
}

/** The text of an XDG autostart .desktop file. */
export function autostartDesktopEntry(entry: AutostartEntry): string {
  const exec = [entry.executable, ...entry.args].map(quoteExecArgument).join(' ');
  const lines = [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.0',
    `Name=${escapeValue(entry.name)}`,
    ...(entry.comment === undefined ? [] : [`Comment=${escapeValue(entry.comment)}`]),
    `Exec=${escapeValue(exec)}`,
    ...(entry.icon === undefined ? [] : [`Icon=${escapeValue(entry.icon)}`]),
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
  ];
  return `${lines.join('\n')}\n`;
}

/** Start at login on Linux: the app's own file in the autostart folder, present or absent. */
export class XdgAutostart {
  /** Absolute path of the .desktop file. */
  readonly path: string;
  #entry: AutostartEntry;

  constructor(options: { dir: string; entry: AutostartEntry }) {
    this.path = path.join(options.dir, AUTOSTART_FILE_NAME);
    this.#entry = options.entry;
  }

  /** Writes or removes the entry. */
  async set(enabled: boolean): Promise<void> {
    if (!enabled) {
      await rm(this.path, { force: true });
      return;
    }
    await mkdir(path.dirname(this.path), { recursive: true });
    await replaceFile(this.path, autostartDesktopEntry(this.#entry), { mode: 0o644 });
  }

  /**
   * Points the entry at another program (the AppImage an update renamed: the old file is gone),
   * keeping the rest of the file as the desktop left it (its off switch included); no entry, no
   * change. Synchronous: it runs inside the updater's install while the app quits. True: rewritten.
   */
  retargetSync(executable: string): boolean {
    this.#entry = { ...this.#entry, executable };
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch {
      return false;
    }
    const exec = /^Exec=.*$/m.exec(autostartDesktopEntry(this.#entry))?.[0] ?? '';
    const next = /^Exec=.*$/m.test(text)
      ? text.replace(/^Exec=.*$/m, () => exec)
      : autostartDesktopEntry(this.#entry);
    replaceFileSync(this.path, next, 0o644);
    return true;
  }

  /**
   * What the folder holds: no entry, ours as written, ours switched off by the desktop
   * (`Hidden=true` or `X-GNOME-Autostart-enabled=false`), or ours starting another program (the
   * AppImage moved, or the app was installed elsewhere).
   */
  async state(): Promise<'missing' | 'enabled' | 'disabled' | 'moved'> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch {
      return 'missing';
    }
    if (
      /^Hidden\s*=\s*true\s*$/m.test(text) ||
      /^X-GNOME-Autostart-enabled\s*=\s*false\s*$/m.test(text)
    )
      return 'disabled';
    const exec = /^Exec=(.*)$/m.exec(autostartDesktopEntry(this.#entry))?.[1];
    return /^Exec=(.*)$/m.exec(text)?.[1]?.trim() === exec ? 'enabled' : 'moved';
  }
}
