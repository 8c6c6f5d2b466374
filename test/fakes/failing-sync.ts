import { fdatasync, type NoParamCallback } from 'node:fs';

/**
 * node's fdatasync for the database's WAL, failing as a disk whose write-back failed (EIO) for
 * the next `failures` syncs. `syncs` lists how each went ('EIO' or 'ok').
 */
export function failingSync(failures = 0) {
  const sync = {
    failures,
    syncs: [] as string[],
    fdatasync: (fd: number, callback: NoParamCallback): void => {
      if (sync.failures > 0) {
        sync.failures -= 1;
        sync.syncs.push('EIO');
        const error = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
        setImmediate(() => callback(error));
        return;
      }
      sync.syncs.push('ok');
      fdatasync(fd, callback);
    },
  };
  return sync;
}
