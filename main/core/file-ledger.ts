import type { FileRecord } from '../../shared/model';
import { ROOMS_KEPT, pruneOldest } from './prune-oldest';

/** Fields a FileOpening, FileClosed or V1 body tells about one file. */
export type FileFacts = Partial<Omit<FileRecord, 'roomId' | 'relativePath' | 'finished'>> & {
  roomId: number;
  relativePath: string;
  finished: boolean;
};

/** Key of a file across V1 and V2: the room and the path relative to the recorder's work dir. */
export function fileKey(roomId: number, relativePath: string): string {
  return `${roomId}\u0000${relativePath}`;
}

/**
 * Recording files and sessions, merged from events in any order. A file becomes finished once
 * (FileClosed or V1, whichever comes first); later facts fill in what is missing but never reopen it.
 */
export class FileLedger {
  readonly #files = new Map<string, FileRecord>();
  readonly #startedSessions = new Set<string>();
  readonly #endedSessions = new Set<string>();
  readonly #recorderId: string | undefined;

  /** `recorderId`: the recorder whose files these are (set on every file it records). */
  constructor(recorderId?: string) {
    this.#recorderId = recorderId;
  }

  /**
   * Merges facts about a file; `justFinished` is true only for the first report of its end. The
   * record returned is the ledger's own: it is replaced on the next report, never changed, but
   * callers must not change it either.
   */
  record(facts: FileFacts): { file: Readonly<FileRecord>; justFinished: boolean } {
    const key = fileKey(facts.roomId, facts.relativePath);
    const existing = this.#files.get(key);
    const wasFinished = existing?.finished ?? false;
    // Field by field, not a loop over keys: this runs for most webhooks, and a keyed loop over
    // objects of several shapes costs several times more.
    const file: FileRecord = {
      roomId: facts.roomId,
      relativePath: facts.relativePath,
      name: merge(existing?.name, facts.name, wasFinished) ?? '',
      title: merge(existing?.title, facts.title, wasFinished) ?? '',
      finished: wasFinished || facts.finished,
    };
    if (this.#recorderId !== undefined) file.recorderId = this.#recorderId;
    const sessionId = merge(existing?.sessionId, facts.sessionId, wasFinished);
    if (sessionId !== undefined) file.sessionId = sessionId;
    const fileSize = merge(existing?.fileSize, facts.fileSize, wasFinished);
    if (fileSize !== undefined) file.fileSize = fileSize;
    const durationSeconds = merge(existing?.durationSeconds, facts.durationSeconds, wasFinished);
    if (durationSeconds !== undefined) file.durationSeconds = durationSeconds;
    const openedAt = merge(existing?.openedAt, facts.openedAt, wasFinished);
    if (openedAt !== undefined) file.openedAt = openedAt;
    const closedAt = merge(existing?.closedAt, facts.closedAt, wasFinished);
    if (closedAt !== undefined) file.closedAt = closedAt;
    // Move to the end so that iteration order is "most recently touched last".
    if (existing) this.#files.delete(key);
    this.#files.set(key, file);
    this.#prune();
    return { file, justFinished: facts.finished && !wasFinished };
  }

  /** Notes a session start; true the first time this session id is seen starting. */
  startSession(sessionId: string): boolean {
    if (this.#startedSessions.has(sessionId)) return false;
    this.#startedSessions.add(sessionId);
    pruneOldest(this.#startedSessions, FILES_KEPT);
    return true;
  }

  /** Notes a session end; true the first time this session id is seen ending. */
  endSession(sessionId: string): boolean {
    if (this.#endedSessions.has(sessionId)) return false;
    this.#endedSessions.add(sessionId);
    pruneOldest(this.#endedSessions, FILES_KEPT);
    return true;
  }

  /** Whether a session is known to have ended (its late events must not reopen recording). */
  isSessionEnded(sessionId: string): boolean {
    return this.#endedSessions.has(sessionId);
  }

  /** Number of files known. */
  get size(): number {
    return this.#files.size;
  }

  /** All known files, most recently touched last. */
  list(): FileRecord[] {
    return [...this.#files.values()].map((f) => ({ ...f }));
  }

  // Bounded by what it is for: the reports of one file (FileOpening, FileClosed, V1) and of one
  // session come while it runs and within the recorder's retries, so a room needs its newest
  // file and session only. (Sessions are pruned as they are noted: a run of sessions without
  // files must not grow them either.)
  #prune(): void {
    pruneOldest(this.#files, FILES_KEPT);
  }
}

/**
 * One field of a file merged with a new report. Once the file is finished, later reports (a V1
 * after V2, a late FileOpening) only fill in gaps, so the record does not depend on which report
 * came first.
 */
function merge<T>(known: T | undefined, reported: T | undefined, finished: boolean): T | undefined {
  return reported === undefined || (finished && known !== undefined) ? known : reported;
}

/**
 * Files and sessions kept: the most rooms whose state is held (a file and a session each at
 * least), touched last. It was the dedupe window's 10,000, which made the ledger the biggest
 * thing in memory after a long run (about 6 MB of paths, names and titles: bench/memory.ts) for
 * no gain: an id the window still holds never reaches the ledger a second time.
 */
export const FILES_KEPT = ROOMS_KEPT;
