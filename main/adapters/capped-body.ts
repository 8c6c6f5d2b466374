/**
 * A response body's bytes, or undefined (the rest unread, the stream cancelled) as soon as it is
 * declared or grows past `limit` bytes: a wrong URL may serve a whole file.
 */
export async function readCappedBody(
  response: Response,
  limit: number,
): Promise<Buffer | undefined> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  if (!response.body) return Buffer.alloc(0);
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
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
