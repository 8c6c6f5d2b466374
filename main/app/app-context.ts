import { languageForLocale } from '../../shared/format';
import type { Language } from '../../shared/settings';
import { systemLocale } from '../adapters/app-paths';
import { errorDetail } from '../core/log-text';
import { AppEventBus, CoalescedSignal } from './app-events';
import type { SeamedPorts } from './app-ports';
import type { PlugInContext } from '../core/plug-ins';
import { createSettingsView, type SettingsView } from './settings-view';

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
