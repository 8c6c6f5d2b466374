import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { parseJsonText } from '../../../../shared/parse';
import { errorCode, errorMessage } from '../../../core/log-text';
import { replaceFile } from '../../../adapters/replace-file';

/** File name, inside the data folder, of an update install that failed just before a relaunch. */
export const UPDATE_FAILED_FILE = 'update-failed.json';

const UpdateFailure = z.object({ version: z.string().max(100), reason: z.string().max(2000) });
/** Which version could not be installed, and why (the updater's words). */
export type UpdateFailure = z.infer<typeof UpdateFailure>;

/**
 * Keeps a failed install across the relaunch that brings the app back, so the started app can say
 * why. A failure to write is logged, never thrown: the relaunch goes ahead.
 */
export async function saveUpdateFailure(
  dataDir: string,
  failure: UpdateFailure,
  warn: (message: string) => void,
): Promise<void> {
  const kept = { version: failure.version.slice(0, 100), reason: failure.reason.slice(0, 2000) };
  try {
    await replaceFile(join(dataDir, UPDATE_FAILED_FILE), `${JSON.stringify(kept)}\n`);
  } catch (error) {
    warn(`updates: cannot write ${UPDATE_FAILED_FILE}: ${errorMessage(error)}`);
  }
}

/** The failure kept by the run before, removed as it is read (told once); undefined when none. */
export async function takeUpdateFailure(
  dataDir: string,
  warn: (message: string) => void,
): Promise<UpdateFailure | undefined> {
  const file = join(dataDir, UPDATE_FAILED_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (errorCode(error) !== 'ENOENT')
      warn(`updates: cannot read ${UPDATE_FAILED_FILE}: ${errorCode(error)}`);
    return undefined;
  }
  await rm(file, { force: true }).catch((error: unknown) =>
    warn(`updates: cannot remove ${UPDATE_FAILED_FILE}: ${errorMessage(error)}`),
  );
  const json = parseJsonText(text);
  const failure = json.ok ? UpdateFailure.safeParse(json.value) : undefined;
  if (failure?.success) return failure.data;
  warn(`updates: ${UPDATE_FAILED_FILE} is not readable; dropped`);
  return undefined;
}
