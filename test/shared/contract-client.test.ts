import { describe, expect, it } from 'vitest';
import {
  apiMethodName,
  createRecorderTrayApi,
  type ContractTransport,
} from '../../shared/contract-client';
import { CALL_CHANNELS } from '../../shared/ipc-contract';

function recordingTransport() {
  const invoked: { channel: string; request: unknown }[] = [];
  const subscribed: string[] = [];
  const transport: ContractTransport = {
    invoke: async (channel, request) => {
      invoked.push({ channel, request });
      return { channel };
    },
    subscribe: (event, listener) => {
      subscribed.push(event);
      listener({ from: event });
      return () => subscribed.splice(subscribed.indexOf(event), 1);
    },
  };
  return { transport, invoked, subscribed };
}

describe('createRecorderTrayApi', () => {
  it('names one method per call channel', () => {
    expect(apiMethodName('history:markRead')).toBe('historyMarkRead');
    expect(apiMethodName('file:showInFolder')).toBe('fileShowInFolder');
    const api = createRecorderTrayApi(recordingTransport().transport);
    expect(Object.keys(api).sort()).toEqual([...CALL_CHANNELS.map(apiMethodName), 'on'].sort());
  });

  it('sends each call on its own channel', async () => {
    const { transport, invoked } = recordingTransport();
    const api = createRecorderTrayApi(transport);
    await expect(api.eventLogReplay({ entryId: 4 })).resolves.toEqual({
      channel: 'eventLog:replay',
    });
    await api.stateGet();
    expect(invoked).toEqual([
      { channel: 'eventLog:replay', request: { entryId: 4 } },
      { channel: 'state:get', request: undefined },
    ]);
  });

  it('subscribes only to contract events, and unsubscribes', () => {
    const { transport, subscribed } = recordingTransport();
    const api = createRecorderTrayApi(transport);
    const seen: unknown[] = [];
    const off = api.on('state:changed', (payload) => seen.push(payload));
    expect(seen).toEqual([{ from: 'state:changed' }]);
    off();
    expect(subscribed).toEqual([]);
    expect(() => api.on('settings:get' as 'state:changed', () => undefined)).toThrow(
      /Unknown event/,
    );
  });
});
