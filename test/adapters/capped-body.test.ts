import { describe, expect, it } from 'vitest';
import { readCappedBody } from '../../main/adapters/capped-body';

/** A response whose body arrives in `chunks`, without a declared length. */
function chunked(chunks: readonly string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(Buffer.from(chunk));
      controller.close();
    },
  });
  return new Response(body);
}

describe('readCappedBody', () => {
  it('gives the whole body, chunk after chunk, or nothing when there is none', async () => {
    expect((await readCappedBody(chunked(['[1,', '2]']), 100))?.toString()).toBe('[1,2]');
    expect((await readCappedBody(new Response(null), 100))?.length).toBe(0);
  });

  it('stops at the cap, declared or streamed', async () => {
    expect(await readCappedBody(chunked(['x'.repeat(60), 'y'.repeat(60)]), 100)).toBeUndefined();
    const declared = new Response('x'.repeat(10), { headers: { 'content-length': '1000' } });
    expect(await readCappedBody(declared, 100)).toBeUndefined();
    expect((await readCappedBody(chunked(['x'.repeat(100)]), 100))?.length).toBe(100);
  });
});
