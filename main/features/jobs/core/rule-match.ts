import type { JobRule, JobsSettings, JobTrigger } from '../../../../shared/job-rules';
import { pruneOldest } from '../../../core/prune-oldest';

/**
 * The rules a finished file or an ended session of `recorderId`'s room matches: jobs on, the
 * rule's trigger, and its rooms and recorders (absent or empty: every one).
 */
export function matchingRules(
  jobs: Pick<JobsSettings, 'enabled' | 'rules'>,
  on: JobTrigger,
  roomId: number,
  recorderId: string,
): JobRule[] {
  if (!jobs.enabled) return [];
  return jobs.rules.filter(
    (rule) =>
      rule.on === on &&
      (!rule.rooms?.length || rule.rooms.includes(roomId)) &&
      (!rule.recorders?.length || rule.recorders.includes(recorderId)),
  );
}

interface OpenSession {
  /** Each file with when it began recording (its order in the session). */
  files: { path: string; startedAt: number }[];
  endedAt: number | null;
}

/** Sessions kept at most while waiting for their end (the oldest forgotten past it). */
const SESSIONS_KEPT = 2000;

/**
 * A session's finished files, gathered for SessionEnded rules. The recorder sends events in no
 * order (docs/recorder.md: SessionEnded before the last FileClosed happens), so a session is due
 * `holdMs` after its end, with the files that closed by then, in the order they were recorded
 * (a post's parts follow it, whatever order their FileClosed came in).
 */
export class SessionFiles {
  readonly #sessions = new Map<string, OpenSession>();

  /** A file of the session finished (its checked local path; epoch ms it began recording). */
  fileClosed(key: string, path: string, startedAt: number): void {
    const session = this.#open(key);
    if (!session.files.some((file) => file.path === path)) session.files.push({ path, startedAt });
  }

  /** The session ended at `at`. */
  ended(key: string, at: number): void {
    this.#open(key).endedAt ??= at;
  }

  /** The sessions whose hold is over at `now`, with their files; each once. */
  due(now: number, holdMs: number): { key: string; files: string[]; endedAt: number }[] {
    const due: { key: string; files: string[]; endedAt: number }[] = [];
    for (const [key, session] of this.#sessions) {
      if (session.endedAt === null || session.endedAt + holdMs > now) continue;
      this.#sessions.delete(key);
      // A stable sort: files with the same start keep the order they closed in.
      const files = [...session.files].sort((a, b) => a.startedAt - b.startedAt);
      due.push({ key, files: files.map((file) => file.path), endedAt: session.endedAt });
    }
    return due;
  }

  /** When the next session is due (epoch ms); null: none has ended. */
  nextDueAt(holdMs: number): number | null {
    let next: number | null = null;
    for (const { endedAt } of this.#sessions.values()) {
      if (endedAt !== null) next = Math.min(next ?? Infinity, endedAt + holdMs);
    }
    return next;
  }

  #open(key: string): OpenSession {
    let session = this.#sessions.get(key);
    if (!session) {
      session = { files: [], endedAt: null };
      this.#sessions.set(key, session);
      pruneOldest(this.#sessions, SESSIONS_KEPT, 0);
    }
    return session;
  }
}
