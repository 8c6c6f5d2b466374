import type { FileRecord } from '../../shared/model';
import { trimOldest } from './trim-oldest';

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

  /**
   * Merges facts about a file; `justFinished` is true only for the first report of its end. The
   * record returned is the ledger's own: it is replaced on the next report, never changed, but
   * callers must not change it either.
   */
  record(facts: FileFacts): { file: Readonly<FileRecord>; justFinished: boolean } {
    const key = fileKey(facts.roomId, facts.relativePath);
    const existing = this.#files.get(key);
    const wasFinished = existing?.finished ?? false;
    const merged = { ...(existing ?? { name: '', title: '' }) } as Record<string, unknown>;
    for (const field in facts) {
      const value = facts[field as keyof FileFacts];
      if (value === undefined || field === 'finished') continue;
      // Once finished, later reports (a V1 after V2, a late FileOpening) only fill in gaps, so the
      // record does not depend on which report came first.
      if (wasFinished && merged[field] !== undefined) continue;
      merged[field] = value;
    }
    merged.finished = wasFinished || facts.finished;
    const file = merged as unknown as FileRecord;
    // Move to the end so that iteration order is "most recently touched last".
    if (existing) this.#files.delete(key);
    this.#files.set(key, file);
    this.#trim();
    return { file, justFinished: facts.finished && !wasFinished };
  }

  /** Notes a session start; true the first time this session id is seen starting. */
  startSession(sessionId: string): boolean {
    if (this.#startedSessions.has(sessionId)) return false;
    this.#startedSessions.add(sessionId);
    return true;
  }

  /** Notes a session end; true the first time this session id is seen ending. */
  endSession(sessionId: string): boolean {
    if (this.#endedSessions.has(sessionId)) return false;
    this.#endedSessions.add(sessionId);
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

  // Bounded like the journal's dedupe window: old files stop mattering for dedupe.
  #trim(): void {
    trimOldest(this.#files, MAX_KEPT);
    trimOldest(this.#startedSessions, MAX_KEPT);
    trimOldest(this.#endedSessions, MAX_KEPT);
  }
}

// As many as the dedupe window keeps ids: older files cannot be re-reported.
const MAX_KEPT = 10_000;
