import type { PictureRef } from './model';

/** The path under which the window loads cached pictures (`app://` and the browser preview alike). */
export const PICTURE_ROUTE = '/pictures/';

// A cache key: the SHA-1 of the picture's source, and the extension of its checked type.
const KEY = /^[0-9a-f]{40}\.(?:png|jpg|gif|webp)$/;

/** Whether `key` names a cached picture (and nothing else: no separators, no dots but one). */
export function isPictureKey(key: string): boolean {
  return KEY.test(key);
}

/** The cache key of a cached picture's file (its name), or undefined for any other path. */
export function pictureKeyOf(filePath: string | undefined): string | undefined {
  if (filePath === undefined) return undefined;
  const name = filePath.split(/[\\/]/).pop() ?? '';
  return isPictureKey(name) ? name : undefined;
}

/** Where the window loads a picture from, or undefined while it is not cached. */
export function pictureSrc(ref: PictureRef | undefined): string | undefined {
  const key = pictureKeyOf(ref?.path);
  return key === undefined ? undefined : `${PICTURE_ROUTE}${key}`;
}
