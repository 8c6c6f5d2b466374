import type { AppInfo, AppState } from '../../../shared/app-state';
import type { CallResult } from '../../../shared/ipc-contract';
import { CALL_REFUSALS, type CallRefusal } from '../../../shared/i18n/call-refusals';
import type { Language, Settings } from '../../../shared/settings';
import type { EventLogTable } from '../../adapters/database/event-log-table';
import type { HistoryTables } from '../../adapters/database/history-tables';
import type { SettingsStore } from '../../adapters/settings-store';
import type { Clock } from '../../core/ports';
import type { ShellActions } from '../../core/shell-actions';
import type { Listener } from '../listener';
import type { RecorderLinks } from '../recorder-links';

/** What the contract's handlers work on: the app's parts, never reached through each other. */
export interface HandlerDeps {
  clock: Clock;
  settings: () => Settings;
  language: () => Language;
  store: Pick<SettingsStore, 'update' | 'get'>;
  /** The Files list and the notifications. */
  history: HistoryTables;
  /** The event log's queries (the window's "Webhook log", replay). */
  eventLog: Pick<EventLogTable, 'events' | 'entryById'>;
  listener: Pick<Listener, 'replay' | 'sendTestEvent' | 'webhookUrl'>;
  /** Each recorder's link: its API client, its connection. */
  links: Pick<RecorderLinks, 'get' | 'list'>;
  shellActions: ShellActions;
  state: () => AppState;
  info: AppInfo;
  pollNow: () => void;
  /** Asks for a state push (unread count, pause). */
  stateChanged: () => void;
  /** A native folder dialog (desktop app only). */
  pickFolder?: (current: string) => Promise<string | null>;
}

/** A refusal in the user's language. */
export function refused(deps: Pick<HandlerDeps, 'language'>, why: CallRefusal): CallResult {
  return { ok: false, message: CALL_REFUSALS[why][deps.language()] };
}
