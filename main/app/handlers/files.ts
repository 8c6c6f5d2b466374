import { stat } from 'node:fs/promises';
import type { CallResult, ContractHandlers, HistoryFileItem } from '../../../shared/ipc-contract';
import { firstRecorder, recorderById } from '../../../shared/recorders';
import { checkRecordingFile } from '../../adapters/file-access';
import { refused, type HandlerDeps } from './handler-deps';

/** The Files list and its two actions: open a recording, show it in its folder. */
export function fileHandlers(
  deps: HandlerDeps,
): Pick<ContractHandlers, 'history:files' | 'file:open' | 'file:showInFolder'> {
  return {
    'history:files': async (query) => {
      const page = deps.history.queries.files(query);
      const items = await Promise.all(page.items.map(withExistence));
      return { items, total: page.total };
    },
    'file:open': (ref) => fileAction(deps, ref, 'open'),
    'file:showInFolder': (ref) => fileAction(deps, ref, 'show'),
  };
}

/**
 * Every path is built from the settings of the recorder that wrote the file and checked here,
 * never taken from the window.
 */
async function fileAction(
  deps: HandlerDeps,
  ref: { relativePath: string; recorderId?: string | undefined },
  use: 'open' | 'show',
): Promise<CallResult> {
  const s = deps.settings();
  const recorder =
    ref.recorderId === undefined ? firstRecorder(s) : recorderById(s, ref.recorderId);
  if (!recorder) return refused(deps, 'recorderGone');
  if (!recorder.recordingRoot) return refused(deps, 'noRecordingRoot');
  const check = await checkRecordingFile(ref.relativePath, {
    recordingRoot: recorder.recordingRoot,
    pathMappings: recorder.pathMappings,
    openFileOnClick: use === 'open',
  });
  const action = check.action;
  if (!action || action.kind === 'openUrl' || action.kind === 'openWindow') {
    return refused(deps, 'outsideRoot');
  }
  if (use === 'open' && action.kind !== 'openFile') {
    return refused(deps, check.access === 'exists' ? 'notARecording' : 'fileMissing');
  }
  const ok =
    use === 'open'
      ? await deps.shellActions.openFile(action.path)
      : await deps.shellActions.showFile(action.path);
  return ok ? { ok: true } : refused(deps, 'openFailed');
}

async function withExistence<T extends { resolvedPath?: string | undefined }>(
  file: T,
): Promise<T & Pick<HistoryFileItem, 'exists'>> {
  if (!file.resolvedPath) return file;
  try {
    return { ...file, exists: (await stat(file.resolvedPath)).isFile() };
  } catch {
    return { ...file, exists: false };
  }
}
