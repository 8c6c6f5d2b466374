import type { ContractHandlers, EventChannel } from '../../shared/ipc-contract';
import type { Logger } from '../core/ports';

/** Cookie that carries the preview's token after the first page load. */
export const BRIDGE_COOKIE = 'recorder_tray_token';
/** Header a client may use instead of the cookie. */
export const BRIDGE_TOKEN_HEADER = 'x-recorder-tray-token';

/** What the browser preview's bridge serves. */
export interface UiBridgeOptions {
  handlers: ContractHandlers;
  /** Subscribes to main→window events; returns the unsubscribe function. */
  subscribe: (listener: (event: EventChannel, payload: unknown) => void) => () => void;
  token: string;
  /** The built window (index.html and assets), served as is. */
  rendererDir: string;
  /** The rooms' cached pictures, served by key under `/pictures/` (none: not served). */
  picturesDir?: string;
  log: Logger;
}
