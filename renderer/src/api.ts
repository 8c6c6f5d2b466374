import { createRecorderTrayApi, type RecorderTrayApi } from '../../shared/contract-client';
import { createHttpTransport } from './http-transport';

declare global {
  interface Window {
    /** The API the preload exposes; absent in the browser preview. */
    recorderTray?: RecorderTrayApi;
  }
}

/** How the window reached main, and a way to hear when the browser preview's stream drops. */
export interface ConnectedApi {
  api: RecorderTrayApi;
  /** True in the browser preview (HTTP bridge), false inside the app (preload). */
  preview: boolean;
  onConnection(listener: (connected: boolean) => void): () => void;
}

/**
 * The window's API: the preload's `window.recorderTray` inside the app, otherwise the same
 * contract over the browser preview's HTTP bridge.
 */
export function connectApi(): ConnectedApi {
  const listeners = new Set<(connected: boolean) => void>();
  const onConnection = (listener: (connected: boolean) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const fromPreload = window.recorderTray;
  if (fromPreload !== undefined) return { api: fromPreload, preview: false, onConnection };
  const transport = createHttpTransport({
    onConnection: (connected) => {
      for (const listener of listeners) listener(connected);
    },
  });
  return { api: createRecorderTrayApi(transport), preview: true, onConnection };
}
