import type { ContractHandlers } from '../../../shared/ipc-contract';
import { refused, type HandlerDeps } from './handler-deps';

/** The notification history and the event log: read, mark read, replay. */
export function historyHandlers(
  deps: HandlerDeps,
): Pick<
  ContractHandlers,
  'history:notifications' | 'eventLog:page' | 'history:markRead' | 'eventLog:replay'
> {
  const queries = deps.history.queries;
  return {
    'history:notifications': async (query) => queries.notifications(query),
    'eventLog:page': async (query) => deps.eventLog.events(query),
    'history:markRead': async ({ id }) => {
      // Committed before the count is read: the count is a query of the database.
      if (id === undefined) await deps.history.markAllRead();
      else await deps.history.markRead(id);
      deps.stateChanged();
      return { unreadCount: queries.unreadCount() };
    },
    'eventLog:replay': async ({ entryId }) => {
      const entry = deps.eventLog.entryById(entryId);
      if (!entry) return refused(deps, 'eventGone');
      if (!deps.listener.replay(entry.body)) return refused(deps, 'eventUnparsable');
      return { ok: true };
    },
  };
}
