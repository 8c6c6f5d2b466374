import { describe, expect, it } from 'vitest';
import type { CallResult, CallRequest } from '../../shared/ipc-contract';
import { ShellActions } from '../../main/core/shell-actions';
import { createTrayActions } from '../../main/electron/tray-actions';
import { runTrayAction } from '../../main/electron/tray-controller';
import { FakeShell } from '../fakes/fake-electron';
import { memoryLogger } from '../fakes/silent-logger';

function setup(linkResult: CallResult = { ok: true }) {
  const shell = new FakeShell();
  const log = memoryLogger();
  const paused: CallRequest<'notifications:pause'>[] = [];
  const links: CallRequest<'link:open'>[] = [];
  const quiet: string[] = [];
  const seen: string[] = [];
  const actions = new ShellActions({
    shell,
    recorderBaseUrls: () => [''],
    checkPath: () => null,
    openWindow: () => seen.push('window'),
    log,
  });
  const handlers = createTrayActions({
    handlers: {
      'notifications:pause': async (request) => {
        paused.push(request);
        return { pausedUntil: null };
      },
      'link:open': async (request) => {
        links.push(request);
        return linkResult;
      },
      'room:command': async () => ({ ok: true }),
      'notifications:quietUntil': async (request) => {
        quiet.push(request.until);
        return { quietUntil: null };
      },
    },
    runAction: actions.runAction,
    shell,
    logsDir: '/home/u/.config/Recorder Tray/logs',
    showWindow: () => seen.push('window'),
    quit: async () => void seen.push('quit'),
    log,
  });
  return { shell, log, paused, links, seen, quiet, handlers };
}

describe('createTrayActions', () => {
  it('routes every menu action to its handler', async () => {
    const { shell, paused, links, seen, quiet, handlers } = setup();
    handlers.openWindow({ kind: 'openWindow' });
    await handlers.openLiveRoom({ kind: 'openLiveRoom', roomId: 23058 });
    await handlers.pause({ kind: 'pause', until: 'tomorrow' });
    await handlers.resume({ kind: 'resume' });
    await handlers.quiet({ kind: 'quiet', until: 'morning' });
    await handlers.openRecorderUi({ kind: 'openRecorderUi' });
    await handlers.openRecorderApi({ kind: 'openRecorderApi' });
    await handlers.openLogsFolder({ kind: 'openLogsFolder' });
    await handlers.quit({ kind: 'quit' });
    expect(shell.external).toEqual(['https://live.bilibili.com/23058']);
    expect(paused).toEqual([{ until: 'tomorrow' }, { until: 'resume' }]);
    expect(links).toEqual([{ kind: 'recorderUi' }, { kind: 'recorderApi' }]);
    expect(quiet).toEqual(['morning']);
    expect(shell.opened).toEqual(['/home/u/.config/Recorder Tray/logs']);
    expect(seen).toEqual(['window', 'quit']);
  });

  it('never hands a bad room id to the shell', async () => {
    const { shell, log, handlers } = setup();
    for (const roomId of [0, -1, 1.5, Number.NaN, 2 ** 60]) {
      await handlers.openLiveRoom({ kind: 'openLiveRoom', roomId });
    }
    expect(shell.external).toEqual([]);
    expect(log.lines.filter((line) => line.startsWith('warn'))).toHaveLength(5);
  });

  it('logs a refused recorder link and a logs folder that cannot be opened', async () => {
    const { shell, log, handlers } = setup({ ok: false, message: 'No recorder URL is set.' });
    shell.openPathResult = 'Failed to open path';
    runTrayAction(handlers, { kind: 'openRecorderUi' }, log);
    runTrayAction(handlers, { kind: 'openLogsFolder' }, log);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.lines).toContain('warn tray: recorderUi: No recorder URL is set.');
    expect(log.lines.some((line) => line.includes('could not open the logs folder'))).toBe(true);
  });
});
