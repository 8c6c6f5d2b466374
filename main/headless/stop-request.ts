import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { Logger } from '../core/ports';

/**
 * The signals that stop headless mode cleanly: Ctrl+C (SIGINT, on Windows too), a service
 * manager's SIGTERM, and Ctrl+Break (SIGBREAK, Windows only; elsewhere no such signal arrives).
 * A Windows `kill` is no signal at all (TerminateProcess), hence the `stop` line below.
 */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGBREAK'] as const;

/** The line on standard input that stops headless mode (where no signal can be sent). */
export const STOP_LINE = 'stop';

/** Where stop requests come from: the process's signals and its standard input. */
export interface StopSources {
  /** The process (or a stand-in): `once(signal, listener)` and `removeListener`. */
  signals: {
    once(signal: NodeJS.Signals, listener: () => void): unknown;
    removeListener(signal: NodeJS.Signals, listener: () => void): unknown;
  };
  /** Standard input: a line `stop` stops; its end (a service's empty or closed input) does not. */
  input: Readable;
  log: Pick<Logger, 'info' | 'warn'>;
}

/** A stop that was asked for: what asked (a signal's name or `stdin`). */
export interface StopRequest {
  /** Resolves with what asked for the stop, once one did. */
  asked: Promise<string>;
  /** Resolves once standard input has ended (from then on only a signal stops the app). */
  inputEnded: Promise<void>;
}

/**
 * Listens for a stop: one of STOP_SIGNALS, or a line `stop` on standard input. Listen before the
 * ready line: whoever reads it may stop the app at once, and a signal with no listener yet kills
 * the process without saving. Other lines get a warning; the input's end is no stop.
 */
export function listenForStop({ signals, input, log }: StopSources): StopRequest {
  let ask: (by: string) => void = () => {};
  const asked = new Promise<string>((resolve) => (ask = resolve));
  let stopping = false;
  let ended: () => void = () => {};
  const inputEnded = new Promise<void>((resolve) => (ended = resolve));
  const onSignal = STOP_SIGNALS.map((signal) => {
    const listener = () => done(signal);
    signals.once(signal, listener);
    return [signal, listener] as const;
  });
  const lines = createInterface({ input, crlfDelay: Infinity });
  // A closed or unreadable standard input (a service's) is an end, not a crash (readline passes
  // the input's errors on to the interface, where no listener would make them uncaught).
  lines.on('error', (error) => {
    log.warn(`standard input: ${error.message}`);
    lines.close();
  });
  lines.on('line', (text) => {
    const line = text.trim();
    if (line.toLowerCase() === STOP_LINE) done('stdin');
    else if (line !== '')
      log.warn(`standard input: "${line.slice(0, 80)}" is not a command; the line "stop" stops`);
  });
  lines.on('close', () => {
    if (stopping) return;
    log.info('standard input ended; Ctrl+C (SIGINT) or SIGTERM stops headless mode');
    ended();
  });
  function done(by: string): void {
    if (stopping) return;
    stopping = true;
    for (const [signal, listener] of onSignal) signals.removeListener(signal, listener);
    lines.close();
    ask(by);
  }
  return { asked, inputEnded };
}
