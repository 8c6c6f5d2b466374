import type { ProblemFacts } from '../../../../shared/problem';
import type { GuardianSettings } from '../../../../shared/settings';

const GIB = 2 ** 30;
const FILE_WINDOW_MS = 3600_000;
const MIN_FILE_WINDOW_MS = 600_000;
// Finished files' bytes are summed per minute: at most 61 sums whatever the number of files (a
// flood of FileClosed held one object per file for an hour: issue 21).
const FILE_BUCKET_MS = 60_000;
// A poll's write rate stands this long; after it, finished files' bytes tell the rate.
const POLL_RATE_TTL_MS = 180_000;

/** Hours of recording left on `freeBytes` at `bytesPerSecond`; undefined when nothing is written. */
export function runwayHours(freeBytes: number, bytesPerSecond: number): number | undefined {
  return bytesPerSecond > 0 ? freeBytes / bytesPerSecond / 3600 : undefined;
}

/**
 * The recording write rate: the recorder's own I/O statistics from polls, or (webhooks only)
 * the bytes of the files finished in the last hour over that time.
 */
export class WriteRate {
  #polled: { rate: number; at: number } | undefined;
  readonly #files: { at: number; bytes: number }[] = [];
  #firstFileAt: number | undefined;

  /** How many per-minute sums of finished files are held. */
  get buckets(): number {
    return this.#files.length;
  }

  /** The summed write rate of every recording room in one poll, bytes/s. */
  polled(bytesPerSecond: number, now: number): void {
    this.#polled = { rate: bytesPerSecond, at: now };
  }

  /** A finished file's size, from FileClosed. */
  fileClosed(bytes: number, now: number): void {
    this.#firstFileAt ??= now;
    const at = now - (now % FILE_BUCKET_MS);
    const last = this.#files.at(-1);
    if (last?.at === at) last.bytes += bytes;
    else this.#files.push({ at, bytes });
  }

  /** Bytes/s now. */
  rate(now: number): number {
    if (this.#polled && now - this.#polled.at <= POLL_RATE_TTL_MS) return this.#polled.rate;
    while (this.#files.length > 0 && now - this.#files[0]!.at > FILE_WINDOW_MS) this.#files.shift();
    if (this.#files.length === 0 || this.#firstFileAt === undefined) return 0;
    const window = Math.min(FILE_WINDOW_MS, Math.max(MIN_FILE_WINDOW_MS, now - this.#firstFileAt));
    const bytes = this.#files.reduce((sum, f) => sum + f.bytes, 0);
    return (bytes * 1000) / window;
  }
}

/** What one free-space sample means. */
export interface DiskVerdict {
  low: boolean;
  /** The runway (or, with nothing written, the free space) halved since the last alert. */
  halved: boolean;
  facts: ProblemFacts;
}

/**
 * disk-low: under `diskFreeGiB` free, or under `diskRunwayHours` left at the current rate. While
 * low, a new alert each time the runway halves since the last one. Never deletes anything.
 */
export class DiskWatch {
  #alerted: number | undefined;

  /** Judges one sample; `alerted()` must follow a verdict that was told to the user. */
  evaluate(freeBytes: number, bytesPerSecond: number, s: GuardianSettings): DiskVerdict {
    const hours = runwayHours(freeBytes, bytesPerSecond);
    const facts: ProblemFacts = {
      freeBytes,
      ...(hours !== undefined ? { runwayHours: hours } : {}),
    };
    const low =
      freeBytes < s.diskFreeGiB * GIB || (hours !== undefined && hours < s.diskRunwayHours);
    if (!low) {
      this.#alerted = undefined;
      return { low, halved: false, facts };
    }
    const measure = hours ?? freeBytes / GIB;
    const halved = this.#alerted !== undefined && measure <= this.#alerted / 2;
    return { low, halved, facts };
  }

  /** Remembers the runway (or free GiB) the user was last told about. */
  alerted(facts: ProblemFacts): void {
    this.#alerted = facts.runwayHours ?? (facts.freeBytes ?? 0) / GIB;
  }
}
