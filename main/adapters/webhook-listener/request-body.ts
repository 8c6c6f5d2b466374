import type { IncomingMessage, ServerResponse } from 'node:http';
import { JSON_BYTE } from '../../../shared/json-bytes';

// A webhook's body and the limits it is held to: its bytes (read here, with the 413 of one too
// long) and its nesting (looked at before it is parsed).

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

/**
 * Nesting the listener takes: far past any recorder body (two levels), and well within what
 * serialising a value again can go (JSON.stringify overflows the stack at a few thousand levels,
 * fewer when called from deep in a stack), so nothing after the answer meets a value it cannot
 * handle.
 */
export const MAX_JSON_DEPTH = 1000;

const { QUOTE, BACKSLASH, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET } = JSON_BYTE;

/**
 * Whether JSON text nests arrays and objects more than `limit` deep, read from its UTF-8 bytes
 * without parsing (strings skipped; a multi-byte character never holds these ASCII bytes). Text
 * shorter than `limit` bytes cannot be, so callers may skip it.
 */
export function nestedDeeperThan(bytes: Uint8Array, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) depth -= 1;
  }
  return false;
}

/**
 * Whether a body nests past MAX_JSON_DEPTH, looked at only where it could: a body shorter than
 * that many bytes cannot (a recorder body is about a kilobyte, two levels deep).
 */
export function tooDeep(bytes: Uint8Array): boolean {
  return bytes.length > MAX_JSON_DEPTH && nestedDeeperThan(bytes, MAX_JSON_DEPTH);
}
