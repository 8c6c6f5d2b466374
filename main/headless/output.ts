import type { Logger } from '../core/ports';

/** One line of headless mode's standard output. */
export type OutputLine = { type: string } & Record<string, unknown>;

/** Writes one JSON object per line to standard output (and nothing else goes there). */
export function createLineWriter(write: (text: string) => void = (t) => process.stdout.write(t)) {
  return (line: OutputLine): void => write(`${JSON.stringify(line)}\n`);
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
