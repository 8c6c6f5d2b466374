import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createFileLogger,
  LOG_FILE_NAME,
  type FileLoggerTarget,
} from '../../main/electron/app-logger';

describe('createFileLogger', () => {
  it('writes to main.log in the logs folder and forwards each level', () => {
    const lines: string[] = [];
    const target = {
      info: (message: string) => void lines.push(`info ${message}`),
      warn: (message: string) => void lines.push(`warn ${message}`),
      error: (message: string) => void lines.push(`error ${message}`),
      transports: { file: { resolvePathFn: () => 'default', maxSize: 0 } },
    } as unknown as FileLoggerTarget;
    const log = createFileLogger(target, '/logs');
    expect(target.transports.file.resolvePathFn({} as never)).toBe(join('/logs', LOG_FILE_NAME));
    expect(target.transports.file.maxSize).toBe(5 * 1024 * 1024);
    log.info('a');
    log.warn('b');
    log.error('c');
    expect(lines).toEqual(['info a', 'warn b', 'error c']);
  });
});
