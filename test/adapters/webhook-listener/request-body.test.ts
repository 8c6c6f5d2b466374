import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../main/adapters/webhook-listener/listener-types';
import {
  MAX_JSON_DEPTH,
  nestedDeeperThan,
  OVERSIZE_DRAIN_BYTES,
  tooDeep,
} from '../../../main/adapters/webhook-listener/request-body';
import { startListener, stopListeners } from '../../helpers/webhook-listener';

afterEach(async () => {
  await stopListeners();
});

/** How one large post ended for its sender. */
interface Sent {
  /** The status line's code it read; null: none. */
  status: number | null;
  /** The socket error it got (EPIPE, ECONNRESET); null: none. */
  error: string | null;
  /** Body bytes it handed to its socket. */
  written: number;
}

const PIECE = Buffer.alloc(64 * 1024, 'x');

/**
 * Posts `size` bytes of body over a plain socket, as a sender that writes its whole body before it
 * looks at the answer does: a Content-Length or chunked, with back-pressure. With
 * `holdAt`, it writes that much, waits until the answer has begun to come, then writes the rest:
 * the server has answered by then, and what it does with the rest decides the sender's fate.
 * Settles when the connection has closed.
 */
function postLarge(
  port: number,
  size: number,
  options: { chunked: boolean; holdAt?: number },
): Promise<Sent> {
  return new Promise((resolve) => {
    const sent: Sent = { status: null, error: null, written: 0 };
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let released = options.holdAt === undefined;
    let onAnswer: (() => void) | null = null;
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(received);
      if (status) sent.status = Number(status[1]);
      onAnswer?.();
    });
    socket.on(
      'error',
      (error: NodeJS.ErrnoException) => (sent.error = error.code ?? error.message),
    );
    socket.on('close', () => resolve(sent));
    const framing = options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`;
    socket.write(
      `POST /webhook HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
        `Content-Type: application/json\r\n${framing}\r\n\r\n`,
    );
    const frame = (piece: Buffer) =>
      options.chunked
        ? Buffer.concat([
            Buffer.from(`${piece.length.toString(16)}\r\n`),
            piece,
            Buffer.from('\r\n'),
          ])
        : piece;
    const pump = (): void => {
      while (sent.written < size && !socket.destroyed) {
        if (!released && sent.written >= options.holdAt!) {
          onAnswer = () => {
            onAnswer = null;
            released = true;
            pump();
          };
          if (sent.status !== null) onAnswer();
          return;
        }
        const piece = PIECE.subarray(0, Math.min(PIECE.length, size - sent.written));
        sent.written += piece.length;
        if (!socket.write(frame(piece))) return void socket.once('drain', pump);
      }
      if (!socket.destroyed) socket.end(options.chunked ? '0\r\n\r\n' : '');
    };
    pump();
  });
}

describe('a body over the limit', () => {
  it('8 of 8 oversize posts read the 413 and end cleanly though they go on writing after it', async () => {
    const t = await startListener();
    const size = MAX_BODY_BYTES + 1024 * 1024;
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        postLarge(t.port, size, { chunked: i % 2 === 1, holdAt: MAX_BODY_BYTES + PIECE.length }),
      ),
    );
    expect(outcomes).toEqual(Array(8).fill({ status: 413, error: null, written: size }));
    expect(t.intake.counters.rejected).toBe(8);
    expect(await t.journalText()).toBe('');
  });

  it('a body as long as the drain bound, written whole before anything is read, reads the 413', async () => {
    const t = await startListener();
    const sent = await postLarge(t.port, OVERSIZE_DRAIN_BYTES, { chunked: false });
    expect(sent).toEqual({ status: 413, error: null, written: OVERSIZE_DRAIN_BYTES });
  });

  it.each([
    ['declared', false],
    ['chunked', true],
  ])('a %s body far past the drain bound gets its connection closed', async (_kind, chunked) => {
    const t = await startListener();
    const size = 8 * OVERSIZE_DRAIN_BYTES;
    const sent = await postLarge(t.port, size, { chunked });
    expect(sent.error).toMatch(/^(EPIPE|ECONNRESET)$/);
    expect(sent.written).toBeLessThan(size / 2);
    expect(await t.journalText()).toBe('');
  });
});

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nested = (depth: number) => `${'[{"a":'.repeat(depth / 2)}1${'}]'.repeat(depth / 2)}`;

describe('nestedDeeperThan', () => {
  it('counts arrays and objects, up to the limit and one past it', () => {
    expect(nestedDeeperThan(bytes(nested(10)), 10)).toBe(false);
    expect(nestedDeeperThan(bytes(nested(12)), 10)).toBe(true);
    expect(nestedDeeperThan(bytes('{"a":[1,{"b":[]}],"c":{}}'), 4)).toBe(false);
    expect(nestedDeeperThan(bytes('{"a":[1,{"b":[]}],"c":{}}'), 3)).toBe(true);
  });

  it('skips brackets in strings, escaped quotes included, and multi-byte characters', () => {
    const text = `{"Title":"【歌回】[[[{{{ \\"[[[[ \\\\","Name":"露露[["}`;
    expect(JSON.parse(text)).toMatchObject({ Name: '露露[[' });
    expect(nestedDeeperThan(bytes(text), 1)).toBe(false);
  });
});

describe('tooDeep', () => {
  it('refuses past MAX_JSON_DEPTH, takes a recorder body and anything shorter than the limit', () => {
    expect(tooDeep(bytes(nested(MAX_JSON_DEPTH + 2)))).toBe(true);
    expect(tooDeep(bytes(nested(MAX_JSON_DEPTH)))).toBe(false);
    expect(tooDeep(bytes('{"EventType":"StreamStarted","EventData":{"RoomId":1}}'))).toBe(false);
    expect(tooDeep(bytes('['.repeat(MAX_JSON_DEPTH)))).toBe(false); // too short to be deeper
  });
});
