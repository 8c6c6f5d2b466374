import type { FileHandle } from 'node:fs/promises';

/** Bytes read at a time while a compaction scans and copies the journal. */
const CHUNK = 1 << 20;

const LINE_FEED = 0x0a;
const SEQ_PREFIX = Buffer.from('{"seq":');

/** Where the part of the journal to keep starts, and how many lines come before it. */
export interface TailStart {
  offset: number;
  dropped: number;
}

/**
 * Finds the first line (below `end`) whose seq is `fromSeq` or more: the journal is in seq order
 * (the intake numbers entries as it appends them). Lines are read by their `{"seq":N` prefix, as
 * the journal writes them; a line without it (damage) is dropped with those before the cut.
 */
export async function findTailStart(
  file: FileHandle,
  fromSeq: number,
  end: number,
): Promise<TailStart> {
  const buffer = Buffer.allocUnsafe(CHUNK);
  let lineStart = 0; // the file offset of the line being looked at
  let dropped = 0;
  let carry = Buffer.alloc(0); // the start of a line cut by the chunk's end
  for (let position = 0; position < end;) {
    const { bytesRead } = await file.read(buffer, 0, Math.min(CHUNK, end - position), position);
    if (bytesRead === 0) break;
    const chunk = carry.length > 0 ? Buffer.concat([carry, buffer.subarray(0, bytesRead)]) : buffer;
    const length = carry.length + bytesRead;
    let at = 0;
    for (;;) {
      const newline = chunk.indexOf(LINE_FEED, at);
      if (newline < 0 || newline >= length) break;
      if (seqOfLine(chunk.subarray(at, newline)) >= fromSeq) return { offset: lineStart, dropped };
      dropped += 1;
      lineStart += newline + 1 - at;
      at = newline + 1;
    }
    carry = Buffer.from(chunk.subarray(at, length));
    position += bytesRead;
  }
  return { offset: lineStart, dropped };
}

/** The seq at the start of a journal line; -1 when it does not start with one. */
function seqOfLine(line: Buffer): number {
  if (line.length <= SEQ_PREFIX.length || !line.subarray(0, SEQ_PREFIX.length).equals(SEQ_PREFIX))
    return -1;
  let seq = 0;
  for (let i = SEQ_PREFIX.length; i < line.length; i += 1) {
    const digit = line[i]! - 0x30;
    if (digit < 0 || digit > 9) return i === SEQ_PREFIX.length ? -1 : seq;
    seq = seq * 10 + digit;
  }
  return seq;
}

/**
 * Appends the bytes [from, to) of `source` to `target` (opened for appending); returns how many
 * lines they held. Reads and writes go through the thread pool, off the event loop.
 */
export async function copyRange(
  source: FileHandle,
  target: FileHandle,
  range: { from: number; to: number },
): Promise<number> {
  const buffer = Buffer.allocUnsafe(CHUNK);
  let lines = 0;
  for (let position = range.from; position < range.to;) {
    const { bytesRead } = await source.read(
      buffer,
      0,
      Math.min(CHUNK, range.to - position),
      position,
    );
    if (bytesRead === 0) throw new Error('journal: shorter than expected while compacting');
    await writeAll(target, buffer.subarray(0, bytesRead));
    lines += countLines(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
  return lines;
}

async function writeAll(target: FileHandle, bytes: Buffer): Promise<void> {
  for (let written = 0; written < bytes.length;) {
    const { bytesWritten } = await target.write(bytes, written, bytes.length - written, null);
    written += bytesWritten;
  }
}

/** The number of line feeds in `bytes`. */
export function countLines(bytes: Uint8Array): number {
  let lines = 0;
  for (let at = bytes.indexOf(LINE_FEED); at >= 0; at = bytes.indexOf(LINE_FEED, at + 1))
    lines += 1;
  return lines;
}
