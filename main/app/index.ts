/**
 * The app object's one entry for the hosts (main/electron, main/headless, main/hosts): lint lets
 * them import main/app through this file only, so what they may use of it is this list.
 */
export { isWindowEvent } from './app-events';
export { createApp } from './create-app';
export { popupSink } from './sinks';
export type {
  AppEvent,
  AppEventListener,
  AppEventName,
  AppEvents,
  AppPorts,
  HostEvents,
  HostStatePort,
  RunningApp,
  SettingsOverrides,
  StartResult,
} from './app-ports';
