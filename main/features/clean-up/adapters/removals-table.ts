import { jsonOrUndefined } from '../../../../shared/parse';
import { HistoryRemoval, type HistoryQuery } from '../../../../shared/history';
import { errorMessage } from '../../../core/log-text';
import type { DatabaseHandle } from '../../../adapters/database/database-handle';
import type { Migration } from '../../../adapters/database/migrations';

/**
 * The clean-up's removals (issue 33) in the database: one row per file it removed or failed to
 * remove (the rule is the reason; size, room and path are in the removal), the removal as JSON
 * beside the columns a query needs. `search` is the path in lower case, made in JS: SQLite's
 * lower() and LIKE fold ASCII only, and the list's text filter must match as the window's did.
 */
export const REMOVALS_MIGRATION: Migration = {
  version: 5,
  name: "the clean-up's removals",
  up(db) {
    db.exec(`
      CREATE TABLE removals (
        seq INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        room_id INTEGER,
        search TEXT NOT NULL,
        body TEXT NOT NULL
      );
      CREATE INDEX removals_at ON removals (at);
      CREATE INDEX removals_room ON removals (room_id, seq);
    `);
  },
};

/** The insert of one removal (the table's and the import's of `history/removals.jsonl`). */
export const INSERT_REMOVAL =
  'INSERT INTO removals (at, room_id, search, body) VALUES (?, ?, ?, ?)';

/** The values of INSERT_REMOVAL for one removal. */
export function removalRow(removal: HistoryRemoval): [number, number | null, string, string] {
  return [
    removal.at,
    removal.roomId ?? null,
    removal.relativePath.toLowerCase(),
    JSON.stringify(removal),
  ];
}

/** How many removals the history keeps, and for how long; the oldest go beyond either. */
export const REMOVALS_KEPT = { count: 1_000, ageMs: 365 * 24 * 3_600_000 } as const;

/**
 * The clean-up's part of the history: each removal is a unit of the turn's group commit, which
 * also deletes what is past REMOVALS_KEPT (a few rows at a time: the space is given back by the
 * pruning's incremental vacuum, here when rows went). Read newest first, paged, by room and text.
 */
export class RemovalsTable {
  readonly #db: DatabaseHandle;
  readonly #warn: (message: string) => void;
  readonly #kept: { count: number; ageMs: number };

  constructor(
    db: DatabaseHandle,
    warn: (message: string) => void,
    kept: { count: number; ageMs: number } = REMOVALS_KEPT,
  ) {
    this.#db = db;
    this.#warn = warn;
    this.#kept = kept;
  }

  /** Keeps one removal; resolves once committed (a failed write is said and lost, never thrown). */
  async add(removal: HistoryRemoval): Promise<void> {
    const { count, ageMs } = this.#kept;
    try {
      const gone = await this.#db.commit(() => {
        const { lastInsertRowid } = this.#db.statement(INSERT_REMOVAL).run(...removalRow(removal));
        return this.#db
          .statement('DELETE FROM removals WHERE seq <= ? OR at < ?')
          .run(Number(lastInsertRowid) - count, removal.at - ageMs).changes;
      });
      if (gone > 0) this.#db.reclaimSpace();
    } catch (error) {
      this.#warn(
        `history: the removal of ${removal.relativePath} could not be kept: ${errorMessage(error)}`,
      );
    }
  }

  /** Newest first, paged, by room and text (words of the path, all of them). */
  list(query: HistoryQuery): { items: HistoryRemoval[]; total: number } {
    if (this.#db.connection() === undefined) return { items: [], total: 0 };
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (query.roomId !== undefined) {
      where.push('room_id = ?');
      params.push(query.roomId);
    }
    for (const word of (query.text ?? '').toLowerCase().split(/\s+/).filter(Boolean)) {
      where.push('instr(search, ?) > 0');
      params.push(word);
    }
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const total = this.#db
      .statement(`SELECT count(*) FROM removals ${filter}`)
      .pluck()
      .get(...params) as number;
    const rows = this.#db
      .statement(`SELECT seq, body FROM removals ${filter} ORDER BY seq DESC LIMIT ? OFFSET ?`)
      .all(...params, query.limit, query.offset) as { seq: number; body: string }[];
    const items: HistoryRemoval[] = [];
    for (const row of rows) {
      const removal = HistoryRemoval.safeParse(jsonOrUndefined(row.body));
      if (removal.success) items.push(removal.data);
      else this.#warn(`history: removal ${row.seq} does not read and was skipped`);
    }
    return { items, total };
  }
}
