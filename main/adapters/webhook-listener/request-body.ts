import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The longest over-limit body that is read to its end (and dropped) after its 413: a few MiB, a
 * sender's mistake rather than a flood. A longer one has its connection closed.
 */
export const OVERSIZE_DRAIN_BYTES = 4 * 1024 * 1024;

/** A request body as read: its bytes, or why there are none. */
export type BodyRead = Buffer | 'too-large' | 'aborted';

/**
 * Reads a request body up to `limit` bytes, then calls `done` once (no promise: hot path). A body
 * over the limit is answered here (`refuseOversize`) and `done` is told 'too-large'.
 */
export function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  done: (result: BodyRead) => void,
): void {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    refuseOversize(req, res, limit, 0);
    return done('too-large');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (result: BodyRead) => {
    if (finished) return;
    finished = true;
    done(result);
  };
  const aborted = () => finish('aborted');
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) {
      req.removeAllListeners('data');
      refuseOversize(req, res, limit, size);
      finish('too-large');
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => finish(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
  req.on('aborted', aborted);
  req.on('error', aborted);
}

/**
 * Answers a body over `limit` with 413 and `Connection: close`, then reads the rest of it to
 * nothing before the answer ends and the connection closes. A server that closes with the body
 * still coming makes its kernel reset the connection, and a sender that writes its whole body
 * before it reads gets EPIPE or ECONNRESET instead of the answer (issue 40). A body longer than
 * `drainBytes` (declared so, or found so) is cut off: its connection is closed. `read` is what was
 * read of the body before.
 */
export function refuseOversize(
  req: IncomingMessage,
  res: ServerResponse,
  limit: number,
  read: number,
  drainBytes = OVERSIZE_DRAIN_BYTES,
): void {
  if (res.headersSent) return;
  const text = JSON.stringify({ error: `body larger than ${limit} bytes` });
  res.writeHead(413, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    Connection: 'close',
  });
  if (req.complete || Number(req.headers['content-length']) > drainBytes) return void res.end(text);
  res.write(text);
  let size = read;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > drainBytes) req.destroy();
  });
  req.on('end', () => res.end());
}
