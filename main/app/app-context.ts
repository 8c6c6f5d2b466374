import { languageForLocale } from '../../shared/format';
import type { Language, Settings } from '../../shared/settings';
import type { SettingsStore } from '../adapters/settings-store';
import { systemLocale } from '../adapters/app-paths';
import { errorDetail } from '../core/log-text';
import { AppEventBus, CoalescedSignal } from './app-events';
import type { SeamedPorts, SettingsOverrides } from './app-ports';
import type { PlugInContext } from '../core/plug-ins';

/** What every step of the app reads: time, the log, the settings and language in force. */
export type CoreWiring = Pick<PlugInContext, 'clock' | 'log' | 'settings' | 'language'>;

/** The first step's parts: what everything after it is built on. */
export interface AppContext extends PlugInContext {
  settingsView: SettingsView;
  /** Events to the hosts (window broadcast, output lines, the tray). */
  events: AppEventBus;
  /**
   * The state the window and the tray show changed: asks for one push of it (coalesced). The one
   * request of a state push, whatever changed (rooms, a recorder's connection, the history).
   */
  stateChanged: () => void;
  /** The coalescing behind `stateChanged` (what firing does is set once the state is built). */
  statePushes: CoalescedSignal;
  /** A catch handler that logs what failed, named. */
  reportFailure(what: string): (error: unknown) => void;
}

// State pushes to the window are coalesced: a poll of 500 rooms changes many rooms at once.
const STATE_DEBOUNCE_MS = 150;

/** Builds the settings in force, the language, the clock, and the events to the hosts. */
export function createAppContext(ports: SeamedPorts): AppContext {
  const { log } = ports;
  const settingsView = createSettingsView(ports.store, ports.overrides);
  const settings = settingsView.current;
  // The system's language is looked up once: it is an Intl call each time.
  const systemLanguage = languageForLocale(systemLocale());
  const language = (): Language => settings().language ?? systemLanguage;
  const statePushes = new CoalescedSignal(STATE_DEBOUNCE_MS);
  const reportFailure = (what: string) => (error: unknown) =>
    log.error(`${what}: ${errorDetail(error)}`);
  return {
    clock: ports.clock ?? Date.now,
    log,
    dataDir: ports.dataDir,
    settings,
    language,
    settingsView,
    events: new AppEventBus(reportFailure('event listener')),
    stateChanged: () => statePushes.request(),
    statePushes,
    reportFailure,
  };
}

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
