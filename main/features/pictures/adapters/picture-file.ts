import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isPictureKey } from '../../../../shared/picture-key';

const TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * A cached picture for the window, by its key only (`<sha1>.<ext>`, shared/picture-key.ts): no
 * other name, no path, nothing outside the cache folder can be asked for. Undefined: no such
 * picture. The type was checked by its bytes when it was stored.
 */
export async function readPictureFile(
  picturesDir: string,
  key: string,
): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
  if (!isPictureKey(key)) return undefined;
  const contentType = TYPES[key.slice(key.lastIndexOf('.') + 1)];
  if (!contentType) return undefined;
  try {
    return { bytes: new Uint8Array(await readFile(path.join(picturesDir, key))), contentType };
  } catch {
    return undefined;
  }
}
