import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { HistoryRemoval, type HistoryQuery } from '../../../shared/history';
import { errorMessage } from '../../core/log-text';
import { JsonLinesFile } from '../json-lines-file';

/** How many removals the history keeps; the oldest go beyond it. */
export const REMOVALS_KEPT = 1000;

/**
 * The clean-up's part of the history: each removal (or failed one) as a line of
 * `history/removals.jsonl`, kept in memory for the window's list; compacted at twice its bound.
 */
export class RemovalLog {
  readonly #file: JsonLinesFile;
  readonly #kept: number;
  #items: HistoryRemoval[] = [];

  private constructor(file: JsonLinesFile, kept: number) {
    this.#file = file;
    this.#kept = kept;
  }

  /** Opens (or creates) the log in `<dataDir>/history`; bad lines are dropped with a warning; never throws. */
  static async open(
    dataDir: string,
    warn: (message: string) => void,
    kept = REMOVALS_KEPT,
  ): Promise<RemovalLog> {
    const dir = path.join(dataDir, 'history');
    await mkdir(dir, { recursive: true }).catch((error: unknown) =>
      warn(`history: cannot create ${dir}: ${errorMessage(error)}`),
    );
    const file = new JsonLinesFile(path.join(dir, 'removals.jsonl'), {
      label: 'history/removals',
      onWarning: warn,
    });
    const log = new RemovalLog(file, kept);
    const loaded = await file.load((value) => {
      const parsed = HistoryRemoval.safeParse(value);
      if (parsed.success) log.#items.push(parsed.data);
      return parsed.success;
    });
    log.#trim(loaded.needsRewrite || loaded.lines > 2 * kept);
    return log;
  }

  /** Keeps one removal. */
  add(removal: HistoryRemoval): void {
    this.#items.push(removal);
    this.#file.appendLine(JSON.stringify(removal));
    this.#trim(this.#items.length > 2 * this.#kept);
  }

  /** Newest first, paged, by room and text (words of the path, all of them). */
  list(query: HistoryQuery): { items: HistoryRemoval[]; total: number } {
    const words = (query.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matching = this.#items
      .filter((item) => query.roomId === undefined || item.roomId === query.roomId)
      .filter((item) => words.every((word) => item.relativePath.toLowerCase().includes(word)))
      .reverse();
    return {
      items: matching.slice(query.offset, query.offset + query.limit),
      total: matching.length,
    };
  }

  /** Writes what is pending and closes the file. */
  async close(): Promise<void> {
    await this.#file.close();
  }

  #trim(rewrite: boolean): void {
    if (this.#items.length > this.#kept) this.#items = this.#items.slice(-this.#kept);
    if (rewrite) this.#file.rewrite(this.#items);
  }
}
