import type { Migration } from './migrations';

/**
 * The history the window lists (issue 32): the Files list and the notifications with their
 * decision, read state, push outcomes and whether their popup is still owed. Each entry is kept
 * as JSON beside the columns a query needs; `row` is the order they were recorded in (newest
 * first: `row DESC`). `key` (the happening's journal seq and kind) is unique: a recovery run
 * again never records a file or a decision twice. `search` is the entry's searchable text
 * lower-cased in JavaScript (what the in-memory list matched, Unicode case folding included:
 * SQLite's lower() and LIKE fold ASCII only, https://www.sqlite.org/lang_corefunc.html#lower);
 * the lists are bounded (HISTORY_LIMITS), so a scan of it is a few hundred microseconds. A
 * notification's rooms are a side table, so "by room" is an index look-up.
 */
export const HISTORY_MIGRATION: Migration = {
  version: 2,
  name: 'history: the Files list and the notifications, with popups owed',
  up(db) {
    db.exec(`
      CREATE TABLE files (
        row INTEGER PRIMARY KEY,
        key TEXT,
        room_id INTEGER NOT NULL,
        recorded_at INTEGER NOT NULL,
        search TEXT NOT NULL,
        body TEXT NOT NULL
      );
      CREATE UNIQUE INDEX files_key ON files (key);
      CREATE INDEX files_room ON files (room_id, row);
      CREATE INDEX files_recorded ON files (recorded_at);
      CREATE TABLE notifications (
        row INTEGER PRIMARY KEY,
        id TEXT NOT NULL,
        key TEXT,
        event TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        read INTEGER NOT NULL,
        popup_owed INTEGER NOT NULL,
        search TEXT NOT NULL,
        notification TEXT NOT NULL,
        decision TEXT NOT NULL,
        push TEXT
      );
      CREATE UNIQUE INDEX notifications_key ON notifications (key);
      CREATE INDEX notifications_id ON notifications (id);
      CREATE INDEX notifications_created ON notifications (created_at);
      CREATE INDEX notifications_unread ON notifications (row) WHERE read = 0;
      CREATE INDEX notifications_owed ON notifications (row) WHERE popup_owed = 1;
      CREATE TABLE notification_rooms (
        room_id INTEGER NOT NULL,
        row INTEGER NOT NULL,
        PRIMARY KEY (room_id, row)
      ) WITHOUT ROWID;
      CREATE INDEX notification_rooms_row ON notification_rooms (row);
    `);
  },
};

/**
 * The happenings a summary stands for (issue 41: a grouped burst is one row, naming its rooms or
 * files in its items): their keys, so that a recovery run that meets one again knows it was
 * decided (`HistoryTables.hasDecision`), as the row each had of its own did. Deleted with the
 * summary's row.
 */
export const GROUPED_KEYS_MIGRATION: Migration = {
  version: 6,
  name: 'the keys of the happenings a summary stands for',
  up(db) {
    db.exec(`
      CREATE TABLE grouped_keys (
        key TEXT PRIMARY KEY,
        row INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX grouped_keys_row ON grouped_keys (row);
    `);
  },
};
