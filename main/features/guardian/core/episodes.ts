import type { OpenProblem, ProblemCode, ProblemFacts } from '../../../../shared/problem';

/** A problem starting (one popup) or ending (recorded quietly), as the guardian reports it. */
export interface ProblemChange {
  type: 'start' | 'end';
  code: ProblemCode;
  /** Absent for problems of the whole set-up. */
  roomId?: number;
  /** Epoch ms when the episode started. */
  since: number;
  /** Epoch ms of this change. */
  at: number;
  facts?: ProblemFacts;
  /** A start within the quiet time after the same problem ended: no popup (flapping). */
  quiet: boolean;
  /** A new alert for an episode still open (the disk runway halved). */
  repeat?: boolean;
}

interface Episode extends OpenProblem {
  key: string;
}

/**
 * Problem episodes per room and code: a problem opens once and closes once, however often its
 * rule fires in between; one that comes back within the quiet time reopens without a popup.
 */
export class EpisodeBook {
  readonly #open = new Map<string, Episode>();
  readonly #ended = new Map<string, number>();
  readonly #quietMs: () => number;

  /** `quietMs` is read at every start, so a settings change applies at once. */
  constructor(quietMs: () => number) {
    this.#quietMs = quietMs;
  }

  /** Opens an episode (a no-op while it is open; its facts are refreshed). */
  start(
    key: string,
    code: ProblemCode,
    roomId: number | undefined,
    now: number,
    facts?: ProblemFacts,
  ): ProblemChange | undefined {
    const open = this.#open.get(key);
    if (open) {
      if (facts) open.facts = facts;
      return undefined;
    }
    const quietMs = this.#quietMs();
    const ended = this.#ended.get(key);
    const quiet = ended !== undefined && now - ended < quietMs;
    this.#forgetOlderThan(now - quietMs);
    const episode: Episode = { key, code, since: now, ...(roomId !== undefined ? { roomId } : {}) };
    if (facts) episode.facts = facts;
    this.#open.set(key, episode);
    return change('start', episode, now, quiet);
  }

  /** A new alert for an open episode (its facts replaced); undefined when it is not open. */
  repeat(key: string, now: number, facts: ProblemFacts): ProblemChange | undefined {
    const open = this.#open.get(key);
    if (!open) return undefined;
    open.facts = facts;
    return { ...change('start', open, now, false), repeat: true };
  }

  /** Closes an episode; undefined when it was not open. */
  end(key: string, now: number): ProblemChange | undefined {
    const open = this.#open.get(key);
    if (!open) return undefined;
    this.#open.delete(key);
    this.#ended.set(key, now);
    return change('end', open, now, false);
  }

  /** Whether the episode under `key` is open. */
  isOpen(key: string): boolean {
    return this.#open.has(key);
  }

  /** The keys of open episodes (a copy: ending them while iterating is safe). */
  openKeys(): string[] {
    return [...this.#open.keys()];
  }

  /** The open episode under `key`. */
  get(key: string): OpenProblem | undefined {
    return this.#open.get(key);
  }

  /** Every open episode, oldest first, without the internal key. */
  list(): OpenProblem[] {
    return [...this.#open.values()].map(({ key: _key, ...problem }) => problem);
  }

  #forgetOlderThan(limit: number): void {
    for (const [key, at] of this.#ended) if (at < limit) this.#ended.delete(key);
  }
}

function change(type: 'start' | 'end', e: Episode, at: number, quiet: boolean): ProblemChange {
  return {
    type,
    code: e.code,
    ...(e.roomId !== undefined ? { roomId: e.roomId } : {}),
    since: e.since,
    at,
    ...(e.facts ? { facts: e.facts } : {}),
    quiet,
  };
}

/** The key of an episode: room (0 for the set-up), code, and a variant (a warning kind). */
export function episodeKey(roomId: number | undefined, code: ProblemCode, variant = ''): string {
  return `${roomId ?? 0}:${code}:${variant}`;
}
