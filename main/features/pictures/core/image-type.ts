/** The image types the app keeps: what popups, notify-send and the window all show. */
export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp';

/** The file extension a cached picture of each type gets (the protocol handler serves by it). */
export const IMAGE_EXTENSION: Readonly<Record<ImageType, string>> = {
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = [...'GIF87a'].map((c) => c.charCodeAt(0));
const GIF89 = [...'GIF89a'].map((c) => c.charCodeAt(0));
const RIFF = [...'RIFF'].map((c) => c.charCodeAt(0));
const WEBP = [...'WEBP'].map((c) => c.charCodeAt(0));

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0): boolean {
  if (bytes.length < at + magic.length) return false;
  return magic.every((byte, i) => bytes[at + i] === byte);
}

/**
 * The image type by its first bytes (PNG, JPEG, GIF, WebP magic numbers), never by a name or a
 * Content-Type, which a server or a file name may get wrong or lie about; undefined: not an image
 * we keep (HTML error pages, SVG, truncated files).
 */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  return undefined;
}
