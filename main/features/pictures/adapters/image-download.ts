import { sniffImageType, type ImageType } from '../core/image-type';
import { readCappedBody } from '../../../adapters/capped-body';

/** The largest picture downloaded or read: avatars and covers are far smaller. */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

/** A checked image, or why there is none. */
export type ImageResult =
  { ok: true; bytes: Uint8Array; type: ImageType } | { ok: false; reason: string };

/** Options of a download. */
export interface DownloadOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
  maxBytes?: number;
  /** Aborts the download (the app stops). */
  signal?: AbortSignal;
}

/**
 * Downloads one picture from an already allowed URL (main/features/pictures/core/picture-url.ts): no
 * redirects (a redirect could leave the allowed hosts), at most `maxBytes` (a bigger body is cut
 * off while it streams, whatever its Content-Length said), and kept only when its first bytes
 * are a PNG, JPEG, GIF or WebP.
 */
export async function downloadImage(
  url: string,
  options: DownloadOptions = {},
): Promise<ImageResult> {
  const maxBytes = options.maxBytes ?? MAX_PICTURE_BYTES;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 10_000);
  try {
    const response = await (options.fetch ?? fetch)(url, {
      redirect: 'error',
      signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
      headers: { Accept: 'image/*' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, reason: `HTTP ${response.status}` };
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    const bytes = await readCappedBody(response, maxBytes);
    if (bytes === undefined) {
      const size = declared > maxBytes ? `${declared} bytes` : `over ${maxBytes} bytes`;
      return { ok: false, reason: `too big (${size})` };
    }
    return checkedImage(bytes);
  } catch (error) {
    return { ok: false, reason: timeout.aborted ? 'timed out' : String(error) };
  }
}

/** The bytes as an image when their magic number is one of the kept types. */
export function checkedImage(bytes: Uint8Array): ImageResult {
  const type = sniffImageType(bytes);
  return type
    ? { ok: true, bytes, type }
    : { ok: false, reason: 'not a PNG, JPEG, GIF or WebP image' };
}
