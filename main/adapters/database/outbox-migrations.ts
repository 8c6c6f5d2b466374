import type { Migration } from './migrations';

/**
 * The push outbox (issue 32): `push_outbox` holds each push still owed to a target, with its
 * attempts and next try, until it is sent or given up (then its row goes); `push_keys` remembers
 * which happening (AppNotification.key) was queued for which target, so that a recovery run that
 * decides a happening again does not push it twice. The URL carries the target's token: the
 * database is private like the rest of the data folder.
 */
export const PUSH_OUTBOX_MIGRATION: Migration = {
  version: 4,
  name: 'push outbox and the happenings pushed per target',
  up(db) {
    db.exec(`
      CREATE TABLE push_outbox (
        id TEXT PRIMARY KEY,
        notification_id TEXT NOT NULL,
        url TEXT NOT NULL,
        message TEXT NOT NULL,
        first_at INTEGER NOT NULL,
        key TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at INTEGER,
        last_reason TEXT
      );
      CREATE TABLE push_keys (
        key TEXT NOT NULL,
        url TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (key, url)
      ) WITHOUT ROWID;
      CREATE INDEX push_keys_at ON push_keys (at);
    `);
  },
};

/**
 * One outbox for every effect of a decision (issue 41): its popup and each push it owes are rows
 * written in the decision's own transaction, deleted once delivered (the dispatcher,
 * main/app/outbox-dispatcher.ts). What was owed before moves in: each notification's
 * `popup_owed` and each row of `push_outbox` (with its attempts), so a data folder of an earlier
 * build loses no owed effect. `push_keys` (which happening went to which target) stays.
 */
export const OUTBOX_MIGRATION: Migration = {
  version: 7,
  name: 'one outbox for the popups and pushes owed',
  up(db) {
    db.exec(`
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL,
        notification_id TEXT NOT NULL,
        notification_row INTEGER,
        key TEXT,
        target TEXT,
        payload TEXT,
        created_at INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_at INTEGER,
        last_reason TEXT
      );
      INSERT INTO outbox (kind, notification_id, notification_row, key, created_at)
        SELECT 'popup', id, row, key, created_at FROM notifications WHERE popup_owed = 1 ORDER BY row;
      INSERT INTO outbox
          (kind, notification_id, key, target, payload, created_at, attempts, next_at, last_reason)
        SELECT 'push', notification_id, key, url, message, first_at, attempts, next_at, last_reason
        FROM push_outbox ORDER BY first_at, rowid;
      DROP TABLE push_outbox;
      DROP INDEX notifications_owed;
      ALTER TABLE notifications DROP COLUMN popup_owed;
    `);
  },
};
