import type { ContractHandlers } from '../../../shared/ipc-contract';
import { checkSettingsUpdate, normaliseSettingsPatch } from '../../../shared/settings-rules';
import { firstRecorder } from '../../../shared/recorders';
import { keepLockedRecorderFields } from '../../core/locked-recorder-fields';
import { pausedUntilFor } from '../../core/pause';
import type { HandlerDeps } from './handler-deps';

/** State, settings, pause, and about the app. */
export function settingsHandlers(
  deps: HandlerDeps,
): Pick<
  ContractHandlers,
  | 'state:get'
  | 'settings:get'
  | 'settings:update'
  | 'notifications:pause'
  | 'app:info'
  | 'folder:pick'
> {
  return {
    'state:get': async () => deps.state(),
    'settings:get': async () => deps.settings(),
    'settings:update': async (patch) => {
      // The rules (a non-loopback host needs a token, http:// added to a bare recorder address)
      // are checked with the schema before anything is saved: all errors in one answer.
      const checked = checkSettingsUpdate(deps.settings(), patch, deps.language());
      if (!checked.ok) return checked;
      // Fields a launch option fixes keep their stored values (the window sends them in force).
      const kept = keepLockedRecorderFields(
        patch,
        deps.store.get(),
        deps.info.lockedSettings ?? [],
      );
      const result = await deps.store.update(normaliseSettingsPatch(kept));
      return result.ok ? { ok: true, settings: deps.settings() } : result;
    },
    'notifications:pause': async ({ until }) => {
      const pausedUntil = pausedUntilFor(until, deps.clock());
      await deps.store.update({ notifications: { pausedUntil } });
      return { pausedUntil };
    },
    'app:info': async () => deps.info,
    'folder:pick': async ({ current }) => {
      if (!deps.pickFolder) return { path: null, supported: false };
      return {
        path: await deps.pickFolder(current ?? firstRecorder(deps.settings()).recordingRoot),
        supported: true,
      };
    },
  };
}
