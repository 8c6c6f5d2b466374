import { useCallback, useEffect, useState } from 'preact/hooks';
import type { RecorderTrayApi } from '../../shared/contract-client';
import type { Settings } from '../../shared/settings';
import type { SettingsPatch } from '../../shared/settings-patch';
import type { SaveOutcome } from './app-context';
import { ContractCallError } from './http-transport';

/**
 * The settings main holds. They are read again when the window comes back into view, because
 * the tray (pause) or another window may have changed them meanwhile.
 */
export function useSettings(api: RecorderTrayApi): {
  settings: Settings | null;
  save(patch: SettingsPatch): Promise<SaveOutcome>;
} {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    const load = () => {
      api.settingsGet().then(setSettings, () => undefined);
    };
    load();
    const onVisible = () => {
      if (document.visibilityState === 'visible') load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [api]);

  const save = useCallback(
    async (patch: SettingsPatch): Promise<SaveOutcome> => {
      try {
        const result = await api.settingsUpdate(patch);
        if (result.ok) setSettings(result.settings);
        return result;
      } catch (error) {
        // The bridge refuses a patch that does not fit the schema before main sees it.
        if (error instanceof ContractCallError && error.reasons.length > 0)
          return { ok: false, errors: [...error.reasons] };
        return {
          ok: false,
          errors: [`(root): ${error instanceof Error ? error.message : String(error)}`],
        };
      }
    },
    [api],
  );
  return { settings, save };
}
