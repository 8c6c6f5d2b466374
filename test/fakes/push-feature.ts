import { APP_MIGRATIONS } from '../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../main/adapters/database/database-handle';
import { HistoryTables } from '../../main/adapters/database/history-tables';
import { OutboxTable } from '../../main/adapters/database/outbox-table';
import { OutboxDispatcher } from '../../main/app/outbox-dispatcher';
import { planOwed } from '../../main/core/outbox';
import {
  PushSink,
  type PushAttempt,
  type PushSinkOptions,
} from '../../main/features/push/app/push-sink';
import type { HistoryNotification } from '../../shared/history';
import type { PushRecord } from '../../shared/push';
import { Settings, type Language, type PushTargetSetting } from '../../shared/settings';
import { memoryLogger } from './silent-logger';

/**
 * The push feature as the app wires it, on a database in `dataDir`: a decision is recorded with
 * its pushes owed in its own transaction (the outbox), then the dispatcher hands each to the
 * sink; at start, the dispatcher resumes what the outbox holds. `stop` stops it and closes the
 * database (as the app does), for a restart.
 */
export async function startPushFeature(
  dataDir: string,
  targets: Partial<PushTargetSetting>[],
  options: Partial<PushSinkOptions> & { language?: Language } = {},
) {
  const attempts: PushAttempt[] = [];
  const results: { id: string; record: PushRecord }[] = [];
  const log = memoryLogger();
  const settings = Settings.parse({ pushTargets: targets });
  const database = DatabaseHandle.open(dataDir, { migrations: APP_MIGRATIONS });
  const outbox = new OutboxTable(database, log.warn);
  const history = new HistoryTables(database, { outbox, warn: log.warn });
  const sink = new PushSink({
    outbox,
    onAttempt: (a) => attempts.push(a),
    onResult: (id, record) => results.push({ id, record }),
    ...options,
  });
  const dispatcher = new OutboxDispatcher({
    popups: { name: 'popups', decided: () => undefined },
    push: sink,
    outbox,
    history,
    failed: () => undefined,
  });
  await dispatcher.start({
    clock: Date.now,
    log,
    dataDir,
    settings: () => settings,
    language: () => options.language ?? 'en',
  });
  dispatcher.resume(planOwed(outbox.load(), { now: Date.now(), freshMs: 0 }));
  let stopped: Promise<void> | undefined;
  return {
    sink,
    attempts,
    results,
    log,
    /** A decision of the policy: recorded with what it owes, then delivered. */
    decided(decision: HistoryNotification): void {
      const kept = history.addNotification(decision, [], dispatcher.effectsOf(decision));
      if (kept) dispatcher.decided(decision, kept);
    },
    stop: () =>
      (stopped ??= (async () => {
        await dispatcher.stop();
        await history.close();
        database.close();
      })()),
  };
}
