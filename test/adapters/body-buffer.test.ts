import { describe, expect, it } from 'vitest';
import { BodyBuffer } from '../../main/adapters/body-buffer';
import { readCappedBody } from '../../main/adapters/capped-body';

const bytesOf = (text: string) => Buffer.from(text, 'utf8');

/** A body of `size` bytes, each its index modulo 251 (so a misplaced byte shows). */
const patterned = (size: number) => Buffer.from(Array.from({ length: size }, (_, i) => i % 251));

/** A response whose body comes in the given chunks, without a Content-Length. */
function chunkedResponse(chunks: Uint8Array[]): Response {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(stream);
}

describe('BodyBuffer', () => {
  it('holds the chunks of a body in order, across the growth of its bytes', () => {
    const buffer = new BodyBuffer();
    const body = patterned(300_000);
    buffer.reset();
    for (let at = 0; at < body.length; at += 7_000) buffer.append(body.subarray(at, at + 7_000));
    expect(buffer.view().equals(body)).toBe(true);
    buffer.reset();
    expect(buffer.view().length).toBe(0);
    buffer.append(bytesOf('[]'));
    expect(buffer.view().toString()).toBe('[]');
  });

  it('reads a body of about the same size into the same bytes as the last one', () => {
    const buffer = new BodyBuffer();
    buffer.reset(1_000_000);
    buffer.append(patterned(1_000_000));
    const first = buffer.view();
    buffer.reset();
    buffer.append(patterned(1_000_050)); // a few bytes longer, as the next poll's list often is
    expect(buffer.view().buffer).toBe(first.buffer);
    expect(buffer.view().equals(patterned(1_000_050))).toBe(true);
  });

  it('gives back its memory once bodies are much smaller than it', () => {
    const buffer = new BodyBuffer();
    buffer.reset();
    buffer.append(patterned(8_000_000));
    expect(buffer.capacity).toBeGreaterThanOrEqual(8_000_000);
    buffer.reset();
    buffer.append(patterned(100_000));
    buffer.reset(); // the last body was far smaller than the bytes held
    buffer.append(patterned(100_000));
    expect(buffer.capacity).toBeLessThan(1_000_000);
    expect(buffer.view().equals(patterned(100_000))).toBe(true);
  });
});

describe('readCappedBody into a BodyBuffer', () => {
  it('gives the body as a view of the buffer, read after read', async () => {
    const buffer = new BodyBuffer();
    const first = await readCappedBody(
      chunkedResponse([bytesOf('[1,'), bytesOf('2]')]),
      100,
      buffer,
    );
    expect(Buffer.from(first!).toString()).toBe('[1,2]');
    const second = await readCappedBody(chunkedResponse([bytesOf('[3]')]), 100, buffer);
    expect(Buffer.from(second!).toString()).toBe('[3]');
    expect(second!.buffer).toBe(buffer.view().buffer);
    const empty = await readCappedBody(new Response(null), 100, buffer);
    expect(empty!.length).toBe(0);
  });

  it('still stops at the cap', async () => {
    const buffer = new BodyBuffer();
    const chunks = [patterned(60), patterned(60)];
    expect(await readCappedBody(chunkedResponse(chunks), 100, buffer)).toBeUndefined();
  });
});
