import type { IpcRenderer, IpcRendererEvent } from 'electron';
import type { ContractTransport } from '../../shared/contract-client';

/** The ipcRenderer calls the transport makes. */
export type IpcRendererLike = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>;

/** The contract over Electron IPC; listeners get the payload only, never the IPC event (it leaks `sender`). */
export function createIpcTransport(ipc: IpcRendererLike): ContractTransport {
  return {
    invoke: (channel, request) =>
      request === undefined ? ipc.invoke(channel) : ipc.invoke(channel, request),
    subscribe: (event, listener) => {
      const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipc.on(event, forward);
      return () => {
        ipc.removeListener(event, forward);
      };
    },
  };
}
