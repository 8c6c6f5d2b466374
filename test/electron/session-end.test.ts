import { EventEmitter } from 'node:events';
import { describe, expect, test, vi } from 'vitest';
import {
  flushOnSessionEnd,
  type SessionEndElectron,
  type SessionEndWindow,
} from '../../main/electron/session-end';

/** A fake of the Electron pieces: a powerMonitor and hidden windows that can be made to emit. */
function fakeElectron(platform: NodeJS.Platform) {
  const powerMonitor = new EventEmitter();
  const windows: (EventEmitter & SessionEndWindow & { destroyed: boolean })[] = [];
  const electron: SessionEndElectron = {
    platform,
    powerMonitor: powerMonitor as unknown as SessionEndElectron['powerMonitor'],
    createHiddenWindow: () => {
      const window = Object.assign(new EventEmitter(), {
        destroyed: false,
        destroy: () => {
          window.destroyed = true;
        },
      });
      windows.push(window);
      return window;
    },
  };
  return { electron, powerMonitor, windows };
}

function setup(platform: NodeJS.Platform) {
  const fake = fakeElectron(platform);
  const steps: string[] = [];
  let finish: () => void = () => {};
  const flush = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        steps.push('flush started');
        finish = () => {
          steps.push('flushed');
          resolve();
        };
      }),
  );
  const quit = vi.fn(() => steps.push('quit'));
  const undo = flushOnSessionEnd({ electron: fake.electron, flush, quit, log: () => {} });
  return { ...fake, steps, flush, quit, undo, finish: () => finish() };
}

describe.each(['linux', 'darwin'] as const)('session end on %s', (platform) => {
  test('a shutdown is delayed until the app has flushed, then the app quits', async () => {
    const s = setup(platform);
    const event = { preventDefault: vi.fn() };
    s.powerMonitor.emit('shutdown', event);
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(s.steps).toEqual(['flush started']);
    s.finish();
    await vi.waitFor(() => expect(s.steps).toEqual(['flush started', 'flushed', 'quit']));
    expect(s.windows).toEqual([]); // no hidden window off Windows
  });

  test('the undo stops listening', () => {
    const s = setup(platform);
    s.undo();
    s.powerMonitor.emit('shutdown', { preventDefault: () => {} });
    expect(s.flush).not.toHaveBeenCalled();
  });
});

describe('session end on Windows (logoff, shutdown, restart: no before-quit)', () => {
  test('a hidden window hears the query and the end; the flush starts once, never refuses', async () => {
    const s = setup('win32');
    expect(s.windows).toHaveLength(1);
    const [window] = s.windows;
    window!.emit('query-session-end');
    window!.emit('session-end');
    expect(s.flush).toHaveBeenCalledOnce();
    s.finish();
    await vi.waitFor(() => expect(s.steps).toEqual(['flush started', 'flushed']));
    expect(s.quit).not.toHaveBeenCalled(); // Windows ends the process itself
    s.powerMonitor.emit('shutdown', { preventDefault: () => {} }); // not a Windows event here
    expect(s.flush).toHaveBeenCalledOnce();
  });

  test('session-end alone (a forced shutdown skips the query) flushes too; undo destroys the window', () => {
    const s = setup('win32');
    s.windows[0]!.emit('session-end');
    expect(s.flush).toHaveBeenCalledOnce();
    s.undo();
    expect(s.windows[0]!.destroyed).toBe(true);
  });
});
