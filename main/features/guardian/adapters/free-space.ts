import { statfs } from 'node:fs/promises';

/** Free bytes (available to this user) of the file system that holds `path`. */
export type FreeSpacePort = (path: string) => Promise<number>;

/** The platform's statfs: blocks available to unprivileged users times the block size. */
export const statfsFreeSpace: FreeSpacePort = async (path) => {
  const stats = await statfs(path);
  return Number(stats.bavail) * Number(stats.bsize);
};
