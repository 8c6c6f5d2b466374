import type { Logger } from '../core/ports';

/** One line of headless mode's standard output. */
export type OutputLine = { type: string } & Record<string, unknown>;

/** Writes one JSON object per line to standard output (and nothing else goes there). */
export function createLineWriter(write: (text: string) => void = (t) => process.stdout.write(t)) {
  return (line: OutputLine): void => write(`${JSON.stringify(line)}\n`);
}

/**
 * A writer whose lines wait until `open()`: what the app says while it starts (a first poll, a
 * recorder's light) follows the `ready` line, which readers take as the first one.
 */
export function heldUntilOpen(emit: (line: OutputLine) => void): {
  emit: (line: OutputLine) => void;
  open: () => void;
} {
  let held: OutputLine[] | undefined = [];
  return {
    emit: (line) => (held ? held.push(line) : emit(line)),
    open: () => {
      const lines = held ?? [];
      held = undefined;
      for (const line of lines) emit(line);
    },
  };
}

/** Logs to standard error, so standard output stays machine-readable. */
export function createStderrLogger(
  write: (text: string) => void = (t) => process.stderr.write(t),
): Logger {
  const at = () => new Date().toISOString();
  return {
    info: (m) => write(`${at()} info  ${m}\n`),
    warn: (m) => write(`${at()} warn  ${m}\n`),
    error: (m) => write(`${at()} error ${m}\n`),
  };
}
