import type { AppInfo, AppState } from '../../shared/app-state';
import type { ContractHandlers, EventChannel, EventPayload } from '../../shared/ipc-contract';
import type { NotificationAction, RoomState } from '../../shared/model';
import type { RecorderStatus } from '../../shared/recorder/connection-status';
import type { Settings } from '../../shared/settings';
import type { SettingsStore } from '../adapters/settings-store';
import type { Logger } from '../core/ports';
import type { SetupNotice } from '../core/recorder-reconcile';
import type { ShellLike } from '../core/shell-actions';
import type { DecisionSink, HappeningSource } from '../core/plug-ins';
import type { TestSeams } from './test-seams';
import type { PushAttempt } from '../features/push/app/push-sink';
import type { PhoneCommandTaken } from '../features/phone/app/phone-inbox';

/** Settings a host fixes for this run without writing them (headless launch flags). */
export interface SettingsOverrides {
  /** The settings in force, given the stored ones. */
  apply(stored: Settings): Settings;
  /** The settings paths the overrides fix, e.g. 'listener.port' (shown locked in the window). */
  locked: readonly string[];
}

/** What only the host knows and the state shows (the desktop: whether popups get through). */
export interface HostStatePort {
  read(): Pick<AppState, 'popups' | 'update'>;
  /** Calls `listener` when what `read` returns changed; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

/**
 * What a host (the Electron glue or headless mode) gives the app: its ports to the machine. What
 * only tests give is apart (TestSeams, test-seams.ts).
 */
export interface AppPorts {
  dataDir: string;
  info: Pick<AppInfo, 'version' | 'platform' | 'logsDir'>;
  log: Logger;
  /** The stored settings; changes made through the contract are written there. */
  store: SettingsStore;
  overrides?: SettingsOverrides;
  /** The host's popup: the desktop notification, or stdout and notify-send. */
  popups: DecisionSink;
  /** Electron's shell, or the desktop opener in headless mode; guarded by ShellActions. */
  shell: ShellLike;
  /** Shows the app's window (the tray's "open window", a summary click). */
  openWindow: () => void;
  hostState?: HostStatePort;
  /** A native folder dialog, where there is one; resolves null when cancelled. */
  pickFolder?: (current: string) => Promise<string | null>;
  /** The OS trash (desktop: Electron's `shell.trashItem`); absent: clean-up cannot use `trash`. */
  trash?: (file: string) => Promise<void>;
  /** More sources and sinks than the app's own (tests, host-specific output). */
  sources?: readonly HappeningSource[];
  sinks?: readonly DecisionSink[];
}

/** Events of the app beyond the window's contract events, for hosts that print or show them. */
export interface HostEvents {
  /** A recorder's connection state changed, with a message in the user's language. */
  'recorder:status': { recorderId: string; status: RecorderStatus; message: string };
  /**
   * The room list or a room's flags changed (not sent for statistics alone). `rooms` works the
   * list out when called: under a burst this fires with about every second webhook, and its one
   * reader (headless `rooms` lines) prints at most a line a second (issue 21).
   */
  'rooms:flagsChanged': { rooms: () => RoomState[] };
  /** A one-off message about a recorder's set-up (long outage, webhooks not arriving). */
  'setup:notice': SetupNotice & { recorderId: string };
  /** One attempt to push a notification to a push target (its URL's secrets masked). */
  'push:attempt': PushAttempt;
  /** A command taken from a phone (Telegram, QQ, ntfy), or refused as too old or too soon. */
  'phone:command': Omit<PhoneCommandTaken, 'said'>;
  /** A clean-up pass that found something: what it removed, or would remove in a dry run. */
  'cleanUp:pass': { dryRun: boolean; files: string[]; bytes: number };
}

/** The ports with what only tests give: what the app's parts read inside main/app. */
export type SeamedPorts = AppPorts & TestSeams;

/** Every event a host can subscribe to: the contract's (for the window) and the host events. */
export type AppEvents = { [E in EventChannel]: EventPayload<E> } & HostEvents;
/** The name of an app event. */
export type AppEventName = keyof AppEvents;
/** One app event, named: a switch on `event` narrows `payload`. */
export type AppEvent = { [E in AppEventName]: { event: E; payload: AppEvents[E] } }[AppEventName];
/** A listener of every app event. */
export type AppEventListener = (message: AppEvent) => void;

/** How start went: the listener's URL, or why it could not bind (then the app runs without it). */
export type StartResult =
  | { ok: true; webhookUrl: string; port: number }
  | {
      ok: false;
      message: string;
      /** The host was not loopback and no token was set. */ unsafe: boolean;
    };

/** The running app, as both hosts see it: narrow on purpose, its parts stay inside. */
export interface RunningApp {
  /** One handler per call of the IPC contract (Electron IPC and the browser preview serve them). */
  readonly handlers: ContractHandlers;
  /** The state the window and the tray show. */
  state(): AppState;
  /** The settings in force (stored, with the host's overrides). */
  settings(): Settings;
  /** Subscribes to every app event; returns the unsubscribe. */
  subscribe(listener: AppEventListener): () => void;
  /** Binds the listener, starts polling and the sources; a bind failure is in the result and the state. */
  start(): Promise<StartResult>;
  /** Flushes held notifications, stops sources, polling and the listener, and closes the files. */
  stop(): Promise<void>;
  /** Polls every recorder now; after resume from sleep, `rebaseline` keeps old news from popping up. */
  pollNow(options?: { rebaseline?: boolean }): void;
  /** The URL to paste into the first recorder's "Webhook V2" setting (the plain `/webhook`). */
  webhookUrl(): string;
  /** Each recorder's webhook URL, by recorder id (each recorder has its own). */
  webhookUrls(): Record<string, string>;
  /** Runs a popup's click action through the same guard as the window's (checked paths and URLs). */
  runAction(action: NotificationAction): Promise<boolean>;
}
