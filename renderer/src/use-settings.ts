import { useCallback, useEffect, useState } from 'preact/hooks';
import type { RecorderTrayApi } from '../../shared/contract-client';
import type { Settings } from '../../shared/settings';
import type { SettingsPatch } from '../../shared/settings-patch';
import type { SaveOutcome } from './app-context';
import { ContractCallError } from './http-transport';
import { ShownSettings } from './shown-settings';

/**
 * The settings main holds. They are read again when the window comes back into view, because
 * the tray (pause) or another window may have changed them meanwhile.
 */
export function useSettings(api: RecorderTrayApi): {
  settings: Settings | null;
  save(patch: SettingsPatch): Promise<SaveOutcome>;
} {
  const [shown] = useState(() => new ShownSettings());
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    const load = () => {
      const id = shown.request();
      api.settingsGet().then(
        (read) => {
          shown.answered(id, read);
          setSettings(shown.shown());
        },
        () => shown.answered(id),
      );
    };
    load();
    const onVisible = () => {
      if (document.visibilityState === 'visible') load();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [api, shown]);

  const save = useCallback(
    async (patch: SettingsPatch): Promise<SaveOutcome> => {
      // Shown at once, and what the next choice is made on (see ShownSettings).
      const id = shown.request(patch);
      setSettings(shown.shown());
      let outcome: SaveOutcome;
      try {
        const result = await api.settingsUpdate(patch);
        shown.answered(id, result.ok ? result.settings : undefined);
        outcome = result;
      } catch (error) {
        shown.answered(id);
        // The bridge refuses a patch that does not fit the schema before main sees it.
        outcome =
          error instanceof ContractCallError && error.reasons.length > 0
            ? { ok: false, errors: [...error.reasons] }
            : {
                ok: false,
                errors: [`(root): ${error instanceof Error ? error.message : String(error)}`],
              };
      }
      setSettings(shown.shown());
      return outcome;
    },
    [api, shown],
  );
  return { settings, save };
}
