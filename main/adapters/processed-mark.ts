import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { parseJsonText } from '../../shared/parse';
import { errorCode } from '../core/log-text';
import { writeFileAtomic } from './atomic-write';

/** File name of the processed mark inside the data directory. */
export const PROCESSED_MARK_FILE = 'processed.json';

const Mark = z.object({ throughSeq: z.number().int().nonnegative() });

/**
 * Reads the journal seq up to which every entry was processed to the end (state, files list,
 * notification history). Undefined when there is no mark: a first start, or an earlier version
 * that kept none. A mark that cannot be read counts as none, with a warning.
 */
export async function readProcessedMark(
  dataDir: string,
  warn: (message: string) => void,
): Promise<number | undefined> {
  let text: string;
  try {
    text = await readFile(join(dataDir, PROCESSED_MARK_FILE), 'utf8');
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') warn(`processed mark: cannot read it: ${errorCode(error)}`);
    return undefined;
  }
  const json = parseJsonText(text);
  const mark = json.ok ? Mark.safeParse(json.value) : undefined;
  if (mark?.success) return mark.data.throughSeq;
  warn('processed mark: not readable; every journal entry is checked against the history');
  return undefined;
}

/**
 * Writes the mark atomically (temp file, fsync, rename). Called after the history's writes for
 * those entries are out, never before: a mark ahead of the history would lose what lies between.
 */
export async function writeProcessedMark(dataDir: string, throughSeq: number): Promise<void> {
  await writeFileAtomic(join(dataDir, PROCESSED_MARK_FILE), JSON.stringify({ throughSeq }));
}
