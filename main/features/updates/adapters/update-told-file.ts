import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { parseJsonText } from '../../../../shared/parse';
import { errorCode, errorMessage } from '../../../core/log-text';
import { replaceFile } from '../../../adapters/replace-file';

/** File name, inside the data folder, of the last update version the user was told of. */
export const UPDATE_TOLD_FILE = 'update.json';

const Told = z.object({ told: z.string().max(100) });

/**
 * The last update version the user was told of, so a restart that finds the same download does
 * not pop it up again. Undefined when none (or unreadable: at worst one popup more).
 */
export async function readToldVersion(
  dataDir: string,
  warn: (message: string) => void,
): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(join(dataDir, UPDATE_TOLD_FILE), 'utf8');
  } catch (error) {
    if (errorCode(error) !== 'ENOENT')
      warn(`updates: cannot read ${UPDATE_TOLD_FILE}: ${errorCode(error)}`);
    return undefined;
  }
  const json = parseJsonText(text);
  const told = json.ok ? Told.safeParse(json.value) : undefined;
  if (told?.success) return told.data.told;
  warn(`updates: ${UPDATE_TOLD_FILE} is not readable; a ready update may be announced again`);
  return undefined;
}

/** Keeps the version told (atomically); a failure is logged, never thrown. */
export async function saveToldVersion(
  dataDir: string,
  version: string,
  warn: (message: string) => void,
): Promise<void> {
  try {
    await replaceFile(join(dataDir, UPDATE_TOLD_FILE), `${JSON.stringify({ told: version })}\n`);
  } catch (error) {
    warn(`updates: cannot write ${UPDATE_TOLD_FILE}: ${errorMessage(error)}`);
  }
}
