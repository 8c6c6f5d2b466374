import type { FileRecord } from '../../shared/model';

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

  /** Merges facts about a file; `justFinished` is true only for the first report of its end. */
  record(facts: FileFacts): { file: FileRecord; justFinished: boolean } {
    const key = fileKey(facts.roomId, facts.relativePath);
    const existing = this.#files.get(key);
    const wasFinished = existing?.finished ?? false;
    const merged: FileRecord = {
      ...(existing ?? { name: '', title: '' }),
      finished: wasFinished,
    } as FileRecord;
    for (const [field, value] of Object.entries(facts)) {
      if (value === undefined || field === 'finished') continue;
      // Once finished, later reports (a V1 after V2, a late FileOpening) only fill in gaps, so the
      // record does not depend on which report came first.
      if (wasFinished && (merged as Record<string, unknown>)[field] !== undefined) continue;
      (merged as Record<string, unknown>)[field] = value;
    }
    merged.finished = wasFinished || facts.finished;
    // Move to the end so that iteration order is "most recently touched last".
    this.#files.delete(key);
    this.#files.set(key, merged);
    this.#trim();
    return { file: { ...merged }, justFinished: facts.finished && !wasFinished };
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

  /** A file by room and path. */
  get(roomId: number, relativePath: string): FileRecord | undefined {
    const file = this.#files.get(fileKey(roomId, relativePath));
    return file ? { ...file } : undefined;
  }

  /** All known files, most recently touched last. */
  list(): FileRecord[] {
    return [...this.#files.values()].map((f) => ({ ...f }));
  }

  // Bounded like the journal's dedupe window: old files stop mattering for dedupe.
  #trim(): void {
    const max = 10_000; // as many as the dedupe window keeps ids: older files cannot be re-reported
    while (this.#files.size > max) {
      const oldest = this.#files.keys().next().value as string;
      this.#files.delete(oldest);
    }
    for (const set of [this.#startedSessions, this.#endedSessions]) {
      while (set.size > max) set.delete(set.values().next().value as string);
    }
  }
}
