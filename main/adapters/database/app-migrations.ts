import { EVENT_LOG_MIGRATION } from './event-log-table';
import { GROUPED_KEYS_MIGRATION, HISTORY_MIGRATION } from './history-migration';
import { JOBS_MIGRATION } from '../../features/jobs/adapters/jobs-table';
import { OUTBOX_MIGRATION, PUSH_OUTBOX_MIGRATION } from './outbox-migrations';
import { REMOVALS_MIGRATION } from '../../features/clean-up/adapters/removals-table';
import type { Migration } from './migrations';

/**
 * The deliveries journal: every accepted webhook as received, before its answer. `event_id` is
 * the webhook's EventId (EventRandomId in V1) and its unique index is the dedupe: a second
 * delivery of one event cannot be inserted. The key is the id alone, not (recorder, id): journals
 * from before name no recorder, and a recorder listing two of the app's URLs sends one event to
 * both (one event, one happening). What the dedupe remembers is bounded by the rows kept
 * (core/delivery-bounds.ts). `marks` holds the processed mark: the seq up to which every
 * delivery was processed to the end (state, Files list, notifications).
 */
const deliveries: Migration = {
  version: 1,
  name: 'deliveries journal with its dedupe and processed mark',
  up(db) {
    db.exec(`
      CREATE TABLE deliveries (
        seq INTEGER PRIMARY KEY,
        event_id TEXT NOT NULL,
        received_at INTEGER NOT NULL,
        source TEXT NOT NULL,
        recorder_id TEXT,
        user_agent TEXT,
        body BLOB NOT NULL
      );
      CREATE UNIQUE INDEX deliveries_event_id ON deliveries (event_id);
      CREATE TABLE marks (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
    `);
  },
};

/**
 * The app's schema, step by step (migrations.ts runs those not yet applied). Add a step at the
 * end with a new version; never edit one that shipped. Versions 1-99: storage (this branch's
 * deliveries, history, event log, outbox); 100 and up: other features' tables (jobs…).
 */
export const APP_MIGRATIONS: readonly Migration[] = [
  deliveries,
  HISTORY_MIGRATION,
  EVENT_LOG_MIGRATION,
  PUSH_OUTBOX_MIGRATION,
  REMOVALS_MIGRATION,
  GROUPED_KEYS_MIGRATION,
  OUTBOX_MIGRATION,
  JOBS_MIGRATION,
];
