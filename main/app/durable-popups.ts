import type { HistoryStore } from '../adapters/history-store';
import type { DecisionSink } from './plug-ins';

/**
 * The host's popup sink, behind the history: a shown decision reaches it once the history's write
 * of it is out (in the OS's hands: a kill cannot lose it), so a happening that popped up is never
 * run again by start-up recovery and never pops up twice. While the disk fails, popups go at once
 * (the history's flush does not wait then). Order is kept: flushes resolve in call order.
 */
export function durablePopups(
  popups: DecisionSink,
  history: Pick<HistoryStore, 'flush'>,
  failed: (error: unknown) => void,
): DecisionSink {
  let last: Promise<void> = Promise.resolve();
  return {
    name: popups.name,
    ...(popups.start ? { start: (context) => popups.start!(context) } : {}),
    decided: (entry) => {
      if (!entry.decision.shown) return popups.decided(entry);
      last = history
        .flush()
        .then(() => popups.decided(entry))
        .catch(failed);
    },
    async stop() {
      await last; // the popups decided before stop go out first
      await popups.stop?.();
    },
  };
}
