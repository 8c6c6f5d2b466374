import type { Settings } from '../../shared/settings';
import type { SettingsStore } from '../adapters/settings-store';
import type { SettingsOverrides } from './app-ports';

/** The settings in force: the stored ones with the host's overrides laid over them. */
export interface SettingsView {
  /** The settings in force now. */
  current(): Settings;
  /** Calls `listener` with the settings before each stored change; returns the unsubscribe. */
  onChange(listener: (previous: Settings) => void): () => void;
  /** The settings paths fixed by a launch option. */
  locked: readonly string[];
}

/** Builds the view of the settings in force over the store and the host's overrides. */
export function createSettingsView(
  store: Pick<SettingsStore, 'get' | 'onChange'>,
  overrides?: SettingsOverrides,
): SettingsView {
  // Overrides are applied once per stored version, not per call: the core asks for the settings
  // several times per webhook.
  let memo: { stored: Settings; value: Settings } | undefined;
  const current = (): Settings => {
    const stored = store.get();
    if (!overrides) return stored;
    if (memo?.stored !== stored) memo = { stored, value: overrides.apply(stored) };
    return memo.value;
  };
  return {
    current,
    locked: overrides?.locked ?? [],
    onChange(listener) {
      // One "before" per listener: with a shared one, the second listener was handed the new
      // settings as the old ones (the first had already moved it on).
      let previous = current();
      return store.onChange(() => {
        const before = previous;
        previous = current();
        listener(before);
      });
    },
  };
}
