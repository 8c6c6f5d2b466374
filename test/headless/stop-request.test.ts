import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { listenForStop, STOP_SIGNALS } from '../../main/headless/stop-request';

function sources() {
  const signals = new EventEmitter();
  const input = new PassThrough();
  const log = { info: [] as string[], warn: [] as string[] };
  const stop = listenForStop({
    signals,
    input,
    log: { info: (m) => log.info.push(m), warn: (m) => log.warn.push(m) },
  });
  let by: string | undefined;
  void stop.asked.then((what) => (by = what));
  return { signals, input, log, stop, askedBy: () => by };
}

describe('listenForStop', () => {
  it.each(STOP_SIGNALS)('%s asks for a stop (SIGBREAK: Ctrl+Break on Windows)', async (signal) => {
    const { signals, stop } = sources();
    signals.emit(signal);
    expect(await stop.asked).toBe(signal);
    // Every listener is gone: a second signal of any kind finds Node's default again.
    for (const name of STOP_SIGNALS) expect(signals.listenerCount(name)).toBe(0);
  });

  it('a line `stop` asks for a stop, with CRLF and spaces as a Windows console sends it', async () => {
    const { input, stop, log } = sources();
    input.write('  STOP \r\n');
    expect(await stop.asked).toBe('stdin');
    expect(log.info).toEqual([]); // no "input ended" note for the stop's own closing
  });

  it('the end of the input is no stop; a signal still is', async () => {
    const { signals, input, stop, log, askedBy } = sources();
    input.end('status\n\n');
    await stop.inputEnded;
    expect(askedBy()).toBeUndefined();
    expect(log.warn).toEqual(['standard input: "status" is not a command; the line "stop" stops']);
    expect(log.info).toEqual([
      'standard input ended; Ctrl+C (SIGINT) or SIGTERM stops headless mode',
    ]);
    signals.emit('SIGTERM');
    expect(await stop.asked).toBe('SIGTERM');
  });

  it('an input that fails (a closed handle) is an end with a warning, not a crash', async () => {
    const { input, stop, log, askedBy } = sources();
    input.destroy(new Error('EBADF: bad file descriptor'));
    await stop.inputEnded;
    expect(askedBy()).toBeUndefined();
    expect(log.warn).toEqual(['standard input: EBADF: bad file descriptor']);
  });
});
