import type { IpcRendererEvent } from 'electron';
import { describe, expect, it } from 'vitest';
import { createIpcTransport, type IpcRendererLike } from '../../../renderer/preload/ipc-transport';

function fakeIpcRenderer() {
  const listeners = new Map<string, ((event: IpcRendererEvent, ...args: unknown[]) => void)[]>();
  const invoked: unknown[][] = [];
  const ipc = {
    invoke: async (...args: unknown[]) => {
      invoked.push(args);
      return 'answer';
    },
    on(channel: string, listener: (event: IpcRendererEvent, ...args: unknown[]) => void) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
      return this;
    },
    removeListener(
      channel: string,
      listener: (event: IpcRendererEvent, ...args: unknown[]) => void,
    ) {
      listeners.set(
        channel,
        (listeners.get(channel) ?? []).filter((l) => l !== listener),
      );
      return this;
    },
  };
  const emit = (channel: string, payload: unknown) => {
    const event = { sender: 'the ipcRenderer itself' } as unknown as IpcRendererEvent;
    for (const listener of listeners.get(channel) ?? []) listener(event, payload);
  };
  return { ipc: ipc as unknown as IpcRendererLike, invoked, listeners, emit };
}

describe('createIpcTransport', () => {
  it('invokes with the channel and one request object', async () => {
    const fake = fakeIpcRenderer();
    const transport = createIpcTransport(fake.ipc);
    await expect(transport.invoke('eventLog:replay', { entryId: 1 })).resolves.toBe('answer');
    await transport.invoke('state:get', undefined);
    expect(fake.invoked).toEqual([['eventLog:replay', { entryId: 1 }], ['state:get']]);
  });

  it('hands listeners the payload only, never the IPC event', () => {
    const fake = fakeIpcRenderer();
    const transport = createIpcTransport(fake.ipc);
    const calls: unknown[][] = [];
    const off = transport.subscribe('state:changed', (...args) => calls.push(args));
    fake.emit('state:changed', { rooms: [] });
    off();
    fake.emit('state:changed', { rooms: [1] });
    expect(calls).toEqual([[{ rooms: [] }]]);
    expect(fake.listeners.get('state:changed')).toEqual([]);
  });
});
