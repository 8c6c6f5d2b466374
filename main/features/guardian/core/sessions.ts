import { timestampMs } from '../../../../shared/recorder/timestamp';
import type { RecorderWebhook } from '../../../../shared/recorder/webhook';
import { pruneOldest } from '../../../core/prune-oldest';
import type { FinishedSession, SessionFile } from './session-report';

interface TrackedSession {
  roomId: number;
  startedAt?: number; // recorder clock
  startedLocal: number; // app clock, for the no-file wait
  endedAt?: number;
  endedLocal?: number;
  files: Map<string, SessionFile>;
}

/** What the sessions owe now: rooms whose session has no file yet, and sessions ready to report. */
export interface SessionsDue {
  /** Rooms with a session started at least `noFileMs` ago that opened no file. */
  noFile: Set<number>;
  finished: FinishedSession[];
}

// Sessions that never end (a lost SessionEnded) are dropped after this long.
const MAX_SESSION_MS = 7 * 24 * 3600_000;
// And never more than these, oldest first: a recorder records a few hundred rooms at most, each
// with one session open and one just ended, and a session of a week in 1-hour files has 168 files;
// a flood of webhooks with new session ids (a late FileClosed opens one that never ends) would
// otherwise hold a week of them (issue 21).
const MAX_SESSIONS = 2_000;
const MAX_FILES_PER_SESSION = 1_000;

/**
 * Sessions as the webhooks tell them (in any order: FileOpening may come before SessionStarted,
 * FileClosed after SessionEnded). Times of the recording are the recorder's; waits are the app's.
 */
export class SessionTracker {
  /** The number of sessions tracked (bounded). */
  get size(): number {
    return this.#sessions.size;
  }

  readonly #sessions = new Map<string, TrackedSession>();

  /** Applies one webhook received at app time `now`. */
  webhook(webhook: RecorderWebhook, now: number): void {
    switch (webhook.type) {
      case 'SessionStarted': {
        const session = this.#session(webhook.data.SessionId, webhook.data.RoomId, now);
        session.startedAt = timestampMs(webhook.timestamp);
        session.startedLocal = now;
        return;
      }
      case 'FileOpening': {
        const session = this.#session(webhook.data.SessionId, webhook.data.RoomId, now);
        const file = session.files.get(webhook.data.RelativePath);
        if (!file) {
          const openedAt = timestampMs(webhook.data.FileOpenTime);
          session.files.set(webhook.data.RelativePath, { openedAt, bytes: 0 });
          pruneOldest(session.files, MAX_FILES_PER_SESSION);
        }
        return;
      }
      case 'FileClosed': {
        const d = webhook.data;
        const session = this.#session(d.SessionId, d.RoomId, now);
        session.files.set(d.RelativePath, {
          openedAt: timestampMs(d.FileOpenTime),
          closedAt: timestampMs(d.FileCloseTime),
          bytes: d.FileSize,
        });
        pruneOldest(session.files, MAX_FILES_PER_SESSION);
        return;
      }
      case 'SessionEnded': {
        const session = this.#session(webhook.data.SessionId, webhook.data.RoomId, now);
        session.endedAt = timestampMs(webhook.timestamp);
        session.endedLocal = now;
        return;
      }
      case 'StreamEnded':
        // StreamEnded carries no SessionId: it ends the room's sessions still open, unless their
        // own SessionEnded comes before the report is due.
        for (const session of this.#sessions.values()) {
          if (session.roomId !== webhook.data.RoomId || session.endedLocal !== undefined) continue;
          session.endedAt = timestampMs(webhook.timestamp);
          session.endedLocal = now;
        }
        return;
      default:
        return;
    }
  }

  /** What is due at app time `now`; finished sessions are handed out once and forgotten. */
  due(now: number, noFileMs: number, reportWaitMs: number): SessionsDue {
    const noFile = new Set<number>();
    const finished: FinishedSession[] = [];
    for (const [id, s] of this.#sessions) {
      if (s.endedLocal !== undefined) {
        const done = this.finishedNow(id, now, reportWaitMs);
        if (done) finished.push(done);
      } else if (now - s.startedLocal > MAX_SESSION_MS) this.#sessions.delete(id);
      else if (hasNoFileYet(s, now, noFileMs)) noFile.add(s.roomId);
    }
    return { noFile, finished };
  }

  /** Rooms with a session started at least `noFileMs` ago that opened no file (as `due` says). */
  noFileRooms(now: number, noFileMs: number): Set<number> {
    const rooms = new Set<number>();
    for (const s of this.#sessions.values())
      if (s.endedLocal === undefined && hasNoFileYet(s, now, noFileMs)) rooms.add(s.roomId);
    return rooms;
  }

  /**
   * The session `id` if it is finished now (ended, and every file closed or the wait over):
   * handed out once and forgotten, as `due` does; the check a webhook needs, without a sweep.
   */
  finishedNow(id: string, now: number, reportWaitMs: number): FinishedSession | undefined {
    const s = this.#sessions.get(id);
    if (!s || s.endedLocal === undefined) return undefined;
    if (!allFilesClosed(s) && now - s.endedLocal < reportWaitMs) return undefined;
    return this.#finish(id, s);
  }

  #finish(id: string, s: TrackedSession): FinishedSession | undefined {
    this.#sessions.delete(id);
    // Only its end was seen (the app started mid-session): nothing to measure.
    if (s.startedAt === undefined && s.files.size === 0) return undefined;
    return {
      roomId: s.roomId,
      sessionId: id,
      ...(s.startedAt !== undefined ? { startedAt: s.startedAt } : {}),
      endedAt: s.endedAt ?? timestampMsOr(s),
      files: [...s.files.values()],
    };
  }

  #session(id: string, roomId: number, now: number): TrackedSession {
    let session = this.#sessions.get(id);
    if (!session) {
      session = { roomId, startedLocal: now, files: new Map() };
      this.#sessions.set(id, session);
      pruneOldest(this.#sessions, MAX_SESSIONS);
    }
    return session;
  }
}

// Started at least `noFileMs` ago (app time) and opened no file: the no-file rule, in one place.
function hasNoFileYet(s: TrackedSession, now: number, noFileMs: number): boolean {
  return s.files.size === 0 && now - s.startedLocal >= noFileMs;
}

function allFilesClosed(s: TrackedSession): boolean {
  for (const f of s.files.values()) if (f.closedAt === undefined) return false;
  return true;
}

function timestampMsOr(s: TrackedSession): number {
  let last = s.startedAt ?? 0;
  for (const f of s.files.values()) last = Math.max(last, f.closedAt ?? f.openedAt);
  return last;
}
