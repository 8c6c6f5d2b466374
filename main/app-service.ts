import { stat } from 'node:fs/promises';
import type { AppInfo, AppState } from '../shared/app-state';
import type { ActionResult, ContractHandlers, HistoryFileItem } from '../shared/ipc-contract';
import { recorderOffMessage, recorderStatusMessage } from '../shared/recorder/connection-status';
import type { Settings } from '../shared/settings';
import { checkRecordingFile } from './adapters/file-access';
import { RecorderClient } from './adapters/recorder-client';
import type { SettingsStore } from './adapters/settings-store';
import type { ComposedApp } from './compose';
import { linkTargetUrl } from './core/links';
import { pausedUntilFor } from './core/pause';
import type { ShellActions } from './core/shell-actions';

/** What the contract's handlers work on. */
export interface AppServiceDeps {
  app: ComposedApp;
  store: Pick<SettingsStore, 'update'>;
  settings: () => Settings;
  state: () => AppState;
  actions: ShellActions;
  info: AppInfo;
  /** Asks for a state push (unread count, pause). */
  stateChanged: () => void;
  /** A native folder dialog (desktop app only). */
  pickFolder?: (current: string) => Promise<string | null>;
}

/**
 * The app service: one handler per call of the IPC contract, served over Electron IPC and over the
 * browser preview's HTTP bridge alike. Requests arrive parsed; every path and URL is built or
 * checked here, never taken from the window.
 */
export function createAppService(deps: AppServiceDeps): ContractHandlers {
  const { app, actions } = deps;
  const history = () => app.history.history;
  const zh = () => app.language() === 'zh-CN';
  const refused = (zhText: string, enText: string): ActionResult => ({
    ok: false,
    message: zh() ? zhText : enText,
  });

  const fileAction = async (
    ref: { relativePath: string },
    use: 'open' | 'show',
  ): Promise<ActionResult> => {
    const s = deps.settings();
    if (!s.recordingRoot)
      return refused(
        '请先在设置中填写录制文件根目录。',
        'Set the recording root in Settings first.',
      );
    const check = await checkRecordingFile(ref.relativePath, {
      recordingRoot: s.recordingRoot,
      pathMappings: s.pathMappings,
      openFileOnClick: use === 'open',
    });
    const action = check.action;
    if (!action || action.kind === 'openUrl' || action.kind === 'openWindow') {
      return refused(
        '这个路径不在录制文件根目录内，已拒绝。',
        'This path is outside the recording root and was refused.',
      );
    }
    if (use === 'open' && action.kind !== 'openFile') {
      return check.access === 'exists'
        ? refused(
            '只能打开录制文件（视频、弹幕、封面）。',
            'Only recordings (video, danmaku, covers) can be opened.',
          )
        : refused('文件不存在（已被移动或删除）。', 'The file does not exist (moved or deleted).');
    }
    const ok =
      use === 'open' ? await actions.openFile(action.path) : await actions.showFile(action.path);
    return ok ? { ok: true } : refused('无法打开。', 'Could not open it.');
  };

  return {
    'state:get': async () => deps.state(),
    'settings:get': async () => deps.settings(),
    'settings:update': async (patch) => {
      const result = await deps.store.update(patch);
      return result.ok ? { ok: true, settings: deps.settings() } : result;
    },
    'history:files': async (query) => {
      const page = history().files(query);
      const items = await Promise.all(page.items.map(withExistence));
      return { items, total: page.total };
    },
    'history:notifications': async (query) => history().notifications(query),
    'history:events': async (query) => history().events(query),
    'history:markRead': async ({ id }) => {
      if (id === undefined) app.history.markAllRead();
      else app.history.markRead(id);
      deps.stateChanged();
      return { unreadCount: history().unreadCount() };
    },
    'file:open': (ref) => fileAction(ref, 'open'),
    'file:showInFolder': (ref) => fileAction(ref, 'show'),
    'link:open': async (target) => {
      const url = linkTargetUrl(target, deps.settings().recorder.url);
      if (!url) return refused('未设置录播姬地址。', 'No recorder URL is set.');
      return (await actions.openUrl(url))
        ? { ok: true }
        : refused('无法打开链接。', 'Could not open the link.');
    },
    'events:replay': async ({ seq }) => {
      const entry = history().eventBySeq(seq);
      if (!entry)
        return refused('找不到这条事件（可能已被清理）。', 'That event is no longer in the log.');
      if (!app.replay(entry.body))
        return refused(
          '这条事件无法解析，不能重放。',
          'That event does not parse and cannot be replayed.',
        );
      return { ok: true };
    },
    'test:sendEvent': ({ kind }) => app.sendTestEvent(kind),
    'recorder:check': async () => {
      const s = deps.settings().recorder;
      if (!s.url.trim()) {
        return { status: 'off', message: recorderOffMessage(false, app.language()), version: null };
      }
      const client = new RecorderClient({
        baseUrl: s.url.trim(),
        username: s.username,
        password: s.password,
      });
      const version = await client.getVersion();
      const language = app.language();
      if (!version.ok) {
        return {
          status: version.status,
          message: recorderStatusMessage(version.status, language, { url: s.url, ...version }),
          version: null,
        };
      }
      app.polling.pollNow();
      const full = version.value.fullSemVer;
      return {
        status: 'ok',
        message: recorderStatusMessage('ok', language, { url: s.url, version: full }),
        version: full,
      };
    },
    'notifications:pause': async ({ until }) => {
      const pausedUntil = pausedUntilFor(until, Date.now());
      await deps.store.update({ notifications: { pausedUntil } });
      return { pausedUntil };
    },
    'app:info': async () => deps.info,
    'folder:pick': async ({ current }) => {
      if (!deps.pickFolder) return { path: null, supported: false };
      return {
        path: await deps.pickFolder(current ?? deps.settings().recordingRoot),
        supported: true,
      };
    },
  };
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
