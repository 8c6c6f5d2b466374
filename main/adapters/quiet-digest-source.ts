import type { AppNotification } from '../../shared/model';
import type { HistoryReader } from './database/history-tables';
import { QuietDigest, sinceLastDigest } from '../core/quiet-digest';
import type { HappeningSource } from '../core/plug-ins';

/** Where the digest reads what was held, and where it records itself. */
export interface QuietDigestParts {
  history: () => Pick<HistoryReader, 'list'>;
  /** Records a shown notification made outside the policy (the pipeline's `record`). */
  record: (notification: AppNotification) => void;
  /** Timers; absent: the real ones (unref'd). Tests pass a fake clock's. */
  setTimer?: (fn: () => void, ms: number) => () => void;
}

/**
 * The quiet hours digest as the app runs it: what the policy held is in the history (on disk), so
 * a restart inside the window loses nothing; at start and every minute (or at the window's end)
 * the digest looks, and once quiet time is over, records one popup for all that was held.
 */
export function quietDigestSource(parts: QuietDigestParts): HappeningSource {
  let digest: QuietDigest | undefined;
  const setTimer =
    parts.setTimer ??
    ((fn: () => void, ms: number) => {
      const timer = setTimeout(fn, ms);
      timer.unref?.();
      return () => clearTimeout(timer);
    });
  return {
    name: 'quiet-digest',
    start(context) {
      digest = new QuietDigest({
        clock: context.clock,
        setTimer,
        settings: () => ({ ...context.settings().notifications, language: context.language() }),
        since: () => sinceLastDigest(parts.history().list('notifications')),
        record: parts.record,
      });
      digest.check();
    },
    stop() {
      digest?.stop();
    },
  };
}
