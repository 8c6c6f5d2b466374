import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import type { ShellLike } from '../core/shell-actions';

/** The command that opens a URL or a file with the desktop's default program, per platform. */
export function openCommand(target: string, platform: NodeJS.Platform): [string, string[]] {
  if (platform === 'darwin') return ['open', [target]];
  // `start` is a cmd built-in; explorer opens files and URLs with their default program without a shell.
  if (platform === 'win32') return ['explorer.exe', [target]];
  return ['xdg-open', [target]];
}

/** The command that shows a file selected in its folder (Linux: opens the folder). */
export function revealCommand(path: string, platform: NodeJS.Platform): [string, string[]] {
  if (platform === 'darwin') return ['open', ['-R', path]];
  if (platform === 'win32') return ['explorer.exe', [`/select,${path}`]];
  return ['xdg-open', [dirname(path)]];
}

/**
 * Electron's `shell`, for headless mode: runs the desktop's opener (never through a shell, the
 * target is one argv entry). The callers (ShellActions) have already checked URL and path.
 */
export function createDesktopOpener(
  platform: NodeJS.Platform = process.platform,
  run: (command: string, args: string[]) => Promise<void> = spawnDetached,
): ShellLike {
  return {
    openExternal: (url) => run(...openCommand(url, platform)),
    openPath: (path) =>
      run(...openCommand(path, platform)).then(
        () => '',
        (error: unknown) => String(error),
      ),
    showItemInFolder: (path) => void run(...revealCommand(path, platform)).catch(() => undefined),
  };
}

function spawnDetached(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.once('error', reject);
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
