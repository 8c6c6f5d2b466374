import path from 'node:path';
import type { MainLogger } from 'electron-log';
import type { Logger } from '../core/ports';

/** The log file's name inside the logs folder. */
export const LOG_FILE_NAME = 'main.log';

/** The parts of electron-log's main logger the app configures and writes to. */
export type FileLoggerTarget = Pick<MainLogger, 'info' | 'warn' | 'error'> & {
  transports: { file: Pick<MainLogger['transports']['file'], 'resolvePathFn' | 'maxSize'> };
};

/**
 * The runtime's Logger over electron-log, writing to `<logsDir>/main.log`, rotated at 5 MiB into
 * main.old.log. The path is set, not left to electron-log's defaults, so that the file is always in
 * the folder the tray's "open logs folder" opens (`app.getPath('logs')`).
 */
export function createFileLogger(target: FileLoggerTarget, logsDir: string): Logger {
  target.transports.file.resolvePathFn = () => path.join(logsDir, LOG_FILE_NAME);
  target.transports.file.maxSize = 5 * 1024 * 1024;
  return {
    info: (message) => target.info(message),
    warn: (message) => target.warn(message),
    error: (message) => target.error(message),
  };
}
