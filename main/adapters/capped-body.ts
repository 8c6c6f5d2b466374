import type { BodyBuffer } from './body-buffer';

/**
 * A response body's bytes, or undefined (the rest unread, the stream cancelled) as soon as it is
 * declared or grows past `limit` bytes: a wrong URL may serve a whole file. Read `into` a
 * BodyBuffer, the bytes are a view of it (valid until its next body); else a buffer of their own.
 */
export async function readCappedBody(
  response: Response,
  limit: number,
  into?: BodyBuffer,
): Promise<Buffer | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  into?.reset(declared > 0 ? declared : 0);
  if (!response.body) return into ? into.view() : Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    if (into) into.append(value);
    else chunks.push(value);
  }
  return into ? into.view() : Buffer.concat(chunks, size);
}
