import { sniffImageType, type ImageType } from '../../core/pictures/image-type';

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
 * Downloads one picture from an already allowed URL (main/core/pictures/picture-url.ts): no
 * redirects (a redirect could leave the allowed hosts), at most `maxBytes` (a bigger body is cut
 * off while it streams, whatever its Content-Length said), and kept only when its first bytes
 * are a PNG, JPEG, GIF or WebP.
 */
export async function downloadImage(
  url: string,
  options: DownloadOptions = {},
): Promise<ImageResult> {
  const maxBytes = options.maxBytes ?? MAX_PICTURE_BYTES;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 10_000);
  try {
    const response = await (options.fetch ?? fetch)(url, {
      redirect: 'error',
      signal: options.signal
        ? AbortSignal.any([controller.signal, options.signal])
        : controller.signal,
      headers: { Accept: 'image/*' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, reason: `HTTP ${response.status}` };
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxBytes) {
      await response.body?.cancel();
      return { ok: false, reason: `too big (${declared} bytes)` };
    }
    const bytes = await readAtMost(response, maxBytes);
    if (bytes === undefined) return { ok: false, reason: `too big (over ${maxBytes} bytes)` };
    return checkedImage(bytes);
  } catch (error) {
    return { ok: false, reason: controller.signal.aborted ? 'timed out' : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** The bytes as an image when their magic number is one of the kept types. */
export function checkedImage(bytes: Uint8Array): ImageResult {
  const type = sniffImageType(bytes);
  return type
    ? { ok: true, bytes, type }
    : { ok: false, reason: 'not a PNG, JPEG, GIF or WebP image' };
}

/** The body, or undefined as soon as it grows past `maxBytes` (the rest is not read). */
async function readAtMost(response: Response, maxBytes: number): Promise<Uint8Array | undefined> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
