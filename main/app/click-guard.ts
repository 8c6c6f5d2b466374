import { checkLocalRecordingPath } from '../adapters/file-access';
import { ShellActions } from '../core/shell-actions';
import type { AppCore } from './app-core';
import type { AppPorts } from './app-ports';

/** The last gate before the OS for every click (popup, tray, window), over the host's shell. */
export function clickGuard(
  core: AppCore,
  ports: Pick<AppPorts, 'shell' | 'openWindow'>,
): ShellActions {
  return new ShellActions({
    shell: ports.shell,
    recorderBaseUrl: () => core.settings().recorder.url,
    checkPath: (path, use) =>
      checkLocalRecordingPath(path, use, {
        recordingRoot: core.settings().recordingRoot,
        pathMappings: core.settings().pathMappings,
      }),
    openWindow: (target) => {
      ports.openWindow();
      // The window goes there once shown (a digest's click: the Notifications view on its span).
      if (target) core.events.emit('window:show', target);
    },
    log: core.log,
  });
}
