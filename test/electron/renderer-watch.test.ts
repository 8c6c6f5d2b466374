import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from '../../main/electron/app-protocol';
import { MainWindow } from '../../main/electron/main-window';
import { RetryBudget } from '../../main/electron/renderer-watch';
import { FakeWindow } from '../fakes/fake-electron';
import { memoryLogger } from '../fakes/silent-logger';

function setup(max = 3) {
  const created: FakeWindow[] = [];
  const loads: string[] = [];
  const log = memoryLogger();
  let now = 0;
  const window = new MainWindow({
    createWindow: () => {
      const fake = new FakeWindow();
      const load = fake.loadURL.bind(fake);
      fake.loadURL = async (url) => {
        loads.push(url);
        await load(url);
      };
      created.push(fake);
      return fake.asHandle();
    },
    options: {},
    url: APP_ENTRY_URL,
    log,
    retryBudget: new RetryBudget(max, 60_000, () => now),
  });
  return { window, created, loads, log, advance: (ms: number) => (now += ms) };
}

describe('MainWindow: a renderer that fails is retried', () => {
  it('logs a preload error', () => {
    const { window, created, log } = setup();
    window.show();
    created[0]?.contents.emit('preload-error', {}, '/app/preload.cjs', new Error('boom'));
    expect(log.lines[0]).toMatch(
      /^error window: the preload \/app\/preload\.cjs failed: Error: boom/,
    );
  });

  it('loads the page again after a failed main-frame load, not for a subframe or an abort', () => {
    const { window, created, loads, log } = setup();
    window.show();
    const contents = created[0]?.contents;
    contents?.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', APP_ENTRY_URL, false);
    contents?.emit('did-fail-load', {}, -3, 'ERR_ABORTED', APP_ENTRY_URL, true);
    expect(loads).toEqual([APP_ENTRY_URL]);
    contents?.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', APP_ENTRY_URL, true);
    expect(loads).toEqual([APP_ENTRY_URL, APP_ENTRY_URL]);
    expect(log.lines).toEqual([
      `error window: ${APP_ENTRY_URL} did not load: ERR_FILE_NOT_FOUND (-6)`,
    ]);
  });

  it('replaces the window when its renderer is gone, but not after a clean exit', () => {
    const { window, created, log } = setup();
    window.show();
    created[0]?.contents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(created).toHaveLength(1);
    created[0]?.contents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 133 });
    expect(created).toHaveLength(2);
    expect(created[0]?.destroyed).toBe(true);
    expect(window.isOpen()).toBe(true);
    expect(log.lines).toEqual(['error window: the renderer is gone: crashed (exit code 133)']);
  });

  it('stops retrying a renderer that keeps crashing, until the period has passed', () => {
    const { window, created, log, advance } = setup(2);
    window.show();
    for (let n = 0; n < 3; n += 1)
      created.at(-1)?.contents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 1 });
    expect(created).toHaveLength(3);
    expect(log.lines.at(-1)).toBe(
      'error window: not reopening it (too many retries in the last minutes)',
    );
    expect(window.isOpen()).toBe(false);
    window.show(); // from the tray: a fresh window
    expect(created).toHaveLength(4);
    advance(60_000);
    created.at(-1)?.contents.emit('render-process-gone', {}, { reason: 'oom', exitCode: 1 });
    expect(created).toHaveLength(5);
  });
});
