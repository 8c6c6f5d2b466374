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
  // Read once per stored change, not per call: the core asks for the settings a score of times per
  // webhook. This first listener of the store's runs before any the view hands on (below).
  const inForce = (stored: Settings) => (overrides ? overrides.apply(stored) : stored);
  let value = inForce(store.get());
  store.onChange((next) => {
    value = inForce(next);
  });
  const current = (): Settings => value;
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
