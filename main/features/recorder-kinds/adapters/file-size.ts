import { stat } from 'node:fs/promises';

/**
 * A finished file's size from the disk, for the kinds that send none (blrec, biliLive-tools,
 * DDTV per file): the first of the candidate paths that is a file here (the path as the recorder
 * sent it, then where the recording root puts it). Undefined when none is.
 */
export async function fileSizeOf(candidates: readonly string[]): Promise<number | undefined> {
  for (const candidate of candidates) {
    try {
      const found = await stat(candidate);
      if (found.isFile()) return found.size;
    } catch {
      // Not here (another machine's path, or gone already): the next candidate.
    }
  }
  return undefined;
}
