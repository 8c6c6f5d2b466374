import { checkLocalRecordingPath } from '../adapters/file-access';
import { ShellActions } from '../core/shell-actions';
import type { AppContext } from './app-context';
import type { AppPorts } from './app-ports';

/**
 * The app's ShellActions: the one gate before the OS for every click (popup, tray, window), over
 * the host's shell: a path passes when it lies inside one recorder's recording root, a page when
 * it is one recorder's.
 */
export function appShellActions(
  context: AppContext,
  ports: Pick<AppPorts, 'shell' | 'openWindow'>,
): ShellActions {
  return new ShellActions({
    shell: ports.shell,
    recorderBaseUrls: () => context.settings().recorders.map((recorder) => recorder.url),
    checkPath: async (path, use) => {
      for (const { recordingRoot, pathMappings } of context.settings().recorders) {
        if (recordingRoot.trim() === '') continue;
        const checked = await checkLocalRecordingPath(path, use, { recordingRoot, pathMappings });
        if (checked !== null) return checked;
      }
      return null;
    },
    openWindow: (target) => {
      ports.openWindow();
      // The window goes there once shown (a digest's click: the Notifications view on its span).
      if (target) context.events.emit('window:show', target);
    },
    log: context.log,
  });
}
