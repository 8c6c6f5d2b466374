/**
 * ffmpeg's `-progress pipe:1` output: blocks of `key=value` lines, each ending with
 * `progress=continue` or `progress=end`. This reads the position (`out_time_us`; `out_time_ms` is
 * microseconds too, a long-standing ffmpeg quirk, see FFmpeg ticket #7345) against the input's
 * duration.
 */
export class FfmpegProgress {
  readonly #durationUs: number | null;
  #buffer = '';
  #fraction: number | null = null;

  /** `durationSeconds`: the input's duration (ffprobe, or the recorder's facts); null: unknown. */
  constructor(durationSeconds: number | null) {
    this.#durationUs =
      durationSeconds !== null && durationSeconds > 0 ? durationSeconds * 1_000_000 : null;
  }

  /** Feeds a chunk of stdout; returns the progress 0..1 when it moved, else null. */
  feed(chunk: string): number | null {
    this.#buffer += chunk;
    const lines = this.#buffer.split(/\r?\n/);
    this.#buffer = lines.pop() ?? '';
    let moved: number | null = null;
    for (const line of lines) {
      const eq = line.indexOf('=');
      if (eq < 0) continue;
      const key = line.slice(0, eq).trim();
      const value = line.slice(eq + 1).trim();
      if (key === 'progress' && value === 'end') moved = this.#set(1) ?? moved;
      if (key !== 'out_time_us' || this.#durationUs === null) continue;
      const us = Number(value);
      if (Number.isFinite(us) && us >= 0)
        moved = this.#set(Math.min(1, us / this.#durationUs)) ?? moved;
    }
    return moved;
  }

  /** The last progress read; null: none yet (or the duration is unknown). */
  get fraction(): number | null {
    return this.#fraction;
  }

  #set(fraction: number): number | null {
    if (fraction === this.#fraction) return null;
    this.#fraction = fraction;
    return fraction;
  }
}
