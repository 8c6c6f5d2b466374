import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from '../../main/electron/app-protocol';
import { createBroadcast, isTrustedSender, registerIpcHandlers } from '../../main/electron/ipc';
import { CALL_CHANNELS, type ContractHandlers } from '../../shared/ipc-contract';
import { sampleAppState } from '../fakes/app-state-sample';
import { fakeHandlers } from '../fakes/contract-handlers';
import { FakeIpcMain, FakeWebContents, senderAt } from '../fakes/fake-electron';
import { memoryLogger } from '../fakes/silent-logger';

function setup(handlers: ContractHandlers = fakeHandlers(), validateResponses = true) {
  const ipcMain = new FakeIpcMain();
  const log = memoryLogger();
  const unregister = registerIpcHandlers({ ipcMain, handlers, log, validateResponses });
  return { ipcMain, log, handlers, unregister };
}

describe('isTrustedSender', () => {
  it('trusts only the top frame of the app page', () => {
    expect(isTrustedSender(senderAt(APP_ENTRY_URL))).toBe(true);
    expect(isTrustedSender(senderAt('app://recorder-tray/settings?x=1#y'))).toBe(true);
    expect(isTrustedSender(senderAt('https://evil.example/'))).toBe(false);
    expect(isTrustedSender(senderAt('app://other-host/index.html'))).toBe(false);
    expect(isTrustedSender(senderAt('file:///tmp/index.html'))).toBe(false);
    expect(isTrustedSender(senderAt('http://127.0.0.1:5173/'))).toBe(false);
    expect(isTrustedSender(senderAt(null))).toBe(false);
    expect(isTrustedSender(senderAt(APP_ENTRY_URL, { url: APP_ENTRY_URL }))).toBe(false); // a subframe
  });
});

describe('registerIpcHandlers', () => {
  it('registers every call channel and removes them again', () => {
    const { ipcMain, unregister } = setup();
    expect([...ipcMain.handlers.keys()]).toEqual(CALL_CHANNELS);
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('routes a valid call to its handler with the parsed request', async () => {
    const { ipcMain, handlers } = setup();
    const page = await ipcMain.invoke('history:files', APP_ENTRY_URL, {
      offset: 0,
      limit: 50,
      text: 'x',
    });
    expect(page).toEqual({ items: [], total: 0 });
    expect(handlers['history:files']).toHaveBeenCalledWith({ offset: 0, limit: 50, text: 'x' });
    await expect(ipcMain.invoke('state:get', APP_ENTRY_URL)).resolves.toEqual(sampleAppState());
  });

  it('rejects a malformed payload with path: message and never calls the handler', async () => {
    const { ipcMain, handlers, log } = setup();
    await expect(
      ipcMain.invoke('history:files', APP_ENTRY_URL, { offset: 'zero', limit: 50 }),
    ).rejects.toThrow(/history:files request is not valid: offset: expected number/);
    await expect(
      ipcMain.invoke('eventLog:replay', APP_ENTRY_URL, { entryId: 1 }, 'second argument'),
    ).rejects.toThrow(/expected one argument/);
    await expect(
      ipcMain.invoke('file:open', APP_ENTRY_URL, { path: 'C:\\Windows\\calc.exe' }),
    ).rejects.toThrow(/roomId/);
    expect(handlers['history:files']).not.toHaveBeenCalled();
    expect(handlers['eventLog:replay']).not.toHaveBeenCalled();
    expect(handlers['file:open']).not.toHaveBeenCalled();
    expect(log.lines.filter((line) => line.startsWith('warn ipc: malformed'))).toHaveLength(3);
  });

  it('drops calls from unknown senders with a log line', async () => {
    const { ipcMain, handlers, log } = setup();
    await expect(ipcMain.invoke('state:get', 'https://evil.example/page')).rejects.toThrow(
      'Refused',
    );
    await expect(ipcMain.invoke('app:info', null)).rejects.toThrow('Refused');
    expect(handlers['state:get']).not.toHaveBeenCalled();
    expect(handlers['app:info']).not.toHaveBeenCalled();
    expect(log.lines).toEqual([
      'warn ipc: dropped state:get from an unknown sender (https://evil.example/page)',
      'warn ipc: dropped app:info from an unknown sender (no frame)',
    ]);
  });

  it('in development, refuses a response outside the contract', async () => {
    const handlers = fakeHandlers();
    handlers['history:markRead'] = async () => ({ unreadCount: -3 });
    const dev = setup(handlers, true);
    await expect(dev.ipcMain.invoke('history:markRead', APP_ENTRY_URL, {})).rejects.toThrow(
      /response is not valid/,
    );
    expect(
      dev.log.lines.some((line) => line.startsWith('error ipc: history:markRead answered outside')),
    ).toBe(true);
    const production = setup(handlers, false);
    await expect(production.ipcMain.invoke('history:markRead', APP_ENTRY_URL, {})).resolves.toEqual(
      { unreadCount: -3 },
    );
  });

  it('passes a handler failure on to the window', async () => {
    const handlers = fakeHandlers();
    handlers['recorder:check'] = async () => {
      throw new Error('boom');
    };
    const { ipcMain } = setup(handlers);
    await expect(ipcMain.invoke('recorder:check', APP_ENTRY_URL)).rejects.toThrow('boom');
  });
});

describe('createBroadcast', () => {
  it('sends to the open window, and does nothing when there is none', () => {
    const contents = new FakeWebContents();
    let open = true;
    const broadcast = createBroadcast(() => (open ? contents : undefined), {
      validate: true,
      log: memoryLogger(),
    });
    broadcast('state:changed', sampleAppState());
    open = false;
    broadcast('state:changed', sampleAppState());
    expect(contents.sent).toEqual([{ channel: 'state:changed', args: [sampleAppState()] }]);
    open = true;
    contents.destroyed = true;
    broadcast('state:changed', sampleAppState());
    expect(contents.sent).toHaveLength(1);
  });

  it('in development, holds back a payload outside the contract', () => {
    const contents = new FakeWebContents();
    const log = memoryLogger();
    const broadcast = createBroadcast(() => contents, { validate: true, log });
    broadcast('state:changed', { ...sampleAppState(), language: 'fr' as 'en' });
    expect(contents.sent).toEqual([]);
    expect(log.lines[0]).toMatch(
      /^error ipc: state:changed payload outside the contract: language/,
    );
  });
});
