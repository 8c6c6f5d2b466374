import type { HistoryNotification } from '../../shared/history';
import type { AppNotification } from '../../shared/model';
import { errorDetail } from '../core/log-text';
import type { DecisionSink, KeptDecision, PlugInContext } from '../core/plug-ins';
import type { Logger } from '../core/ports';
import type { SetupNotice } from '../core/recorder-reconcile';
import type { DatabaseNotice } from '../core/database-notice';
import type { AppContext } from './app-context';
import type { AppPorts } from './app-ports';
import { PushSink } from '../features/push/app/push-sink';
import type { Storage } from './storage';

/** The sinks as attached, and the push sink (its test button is a contract call). */
export interface AttachedSinks {
  sinks: DecisionSinks;
  push: PushSink;
  /** Shows a notification through the host's popup only (start-up: the popups still owed). */
  showPopup: (entry: HistoryNotification) => void;
}

/**
 * The one place sinks attach, in order: the host's popup (after the decision's commit, so that
 * recovery never loses a popup), the window, push targets, then the host's extras.
 */
export function attachSinks(
  context: AppContext,
  ports: Pick<AppPorts, 'popups' | 'sinks'>,
  storage: Storage,
): AttachedSinks {
  const { events, stateChanged } = context;
  const sinks = new DecisionSinks(context.log);
  const windowSink: DecisionSink = {
    name: 'window',
    // Once committed: the window's list and unread count are queries of the database.
    decided: (entry, kept) => {
      const tell = () => {
        events.emit('notification:added', entry);
        stateChanged();
      };
      if (kept) kept.committed.then(tell, tell);
      else tell();
    },
  };
  // Phones and chats, through an outbox; each outcome is kept with its notification.
  const push = new PushSink({
    database: storage.database,
    onAttempt: (attempt) => events.emit('push:attempt', attempt),
    onResult: (id, record) => void storage.history.recordPush(id, record).catch(() => undefined),
  });
  const popups = popupsAfterCommit(ports.popups, context.reportFailure('popup'));
  sinks.attach(popups, windowSink, push, ...(ports.sinks ?? []));
  return { sinks, push, showPopup: (entry) => popups.show(entry) };
}

/**
 * The sinks attached to the app, in order: every decision reaches each one. A sink that throws is
 * logged and skipped, so a failing push target cannot cost the desktop popup or the history.
 */
export class DecisionSinks {
  readonly #sinks: DecisionSink[] = [];
  readonly #log: Logger;

  constructor(log: Logger) {
    this.#log = log;
  }

  /** Attaches sinks after those already attached. */
  attach(...sinks: readonly DecisionSink[]): void {
    this.#sinks.push(...sinks);
  }

  /** Starts every sink that has a start step. */
  async start(context: PlugInContext): Promise<void> {
    for (const sink of this.#sinks) await sink.start?.(context);
  }

  /** Hands one decision, with its way to the disk, to every sink. */
  decided(entry: HistoryNotification, kept?: KeptDecision): void {
    this.#each((sink) => sink.decided(entry, kept));
  }

  /**
   * Hands a set-up notice (webhooks not arriving, a recorder gone) to the sinks that pop it up
   * (the host's popup); the window shows it as a banner from the state.
   */
  notice(notice: (SetupNotice | DatabaseNotice) & { recorderId?: string }, at: number): void {
    const notification = noticeNotification(notice, at);
    this.#each((sink) => sink.notice?.(notification));
  }

  /** Stops every sink, each whatever the others did. */
  async stop(): Promise<void> {
    for (const sink of this.#sinks) {
      try {
        await sink.stop?.();
      } catch (error) {
        this.#log.error(`${sink.name}: did not stop cleanly: ${errorDetail(error)}`);
      }
    }
  }

  #each(run: (sink: DecisionSink) => void): void {
    for (const sink of this.#sinks) {
      try {
        run(sink);
      } catch (error) {
        this.#log.error(`${sink.name}: ${errorDetail(error)}`);
      }
    }
  }
}

/**
 * The host's popup as a sink: shows what the policy decided to show, nothing else; a set-up
 * notice goes to `showNotice` (default: shown as a popup too).
 */
export function popupSink(
  show: (notification: AppNotification) => void,
  showNotice: (notification: AppNotification) => void = show,
): DecisionSink {
  return {
    name: 'popups',
    decided: (entry) => {
      if (entry.decision.shown) show(entry.notification);
    },
    notice: showNotice,
  };
}

/**
 * The host's popup sink, after the commit: a shown decision was committed with its popup owed,
 * pops up once that commit resolved, and is then marked shown. A kill before the popup leaves it
 * owed, and the next start shows it (recovery.ts); a kill after the popup, before the mark, shows
 * it once more: a rare repeat, never a loss. While the database cannot be written the popup goes
 * at once (nothing waits for a failing disk) and its row follows as shown. Order is kept.
 */
export function popupsAfterCommit(
  popups: DecisionSink,
  failed: (error: unknown) => void,
): DecisionSink & { show(entry: HistoryNotification): void } {
  const waiting = new Set<Promise<void>>();
  const show = (entry: HistoryNotification) => {
    try {
      popups.decided(entry);
    } catch (error) {
      failed(error);
    }
  };
  return {
    name: popups.name,
    ...(popups.start ? { start: (context) => popups.start!(context) } : {}),
    ...(popups.notice ? { notice: (notification) => popups.notice!(notification) } : {}),
    show,
    decided: (entry, kept) => {
      if (!entry.decision.shown || !kept) return show(entry);
      const pop = () => {
        show(entry);
        kept.shown();
      };
      const shown = kept.committed.then(pop, pop);
      waiting.add(shown);
      void shown.finally(() => waiting.delete(shown));
    },
    async stop() {
      await Promise.all([...waiting]); // the popups decided before stop go out first
      await popups.stop?.();
    },
  };
}

/**
 * A set-up notice (webhooks not arriving, the recorder gone) as a popup: both hosts pop it up
 * besides the window's banner. It is trouble that costs recordings, so it is shown as a recording
 * problem is (never held back by a pause); a click opens the window, where the banner says the fix.
 */
export function noticeNotification(
  notice: (SetupNotice | DatabaseNotice) & { recorderId?: string },
  at: number,
): AppNotification {
  return {
    id: `notice-${notice.kind}-${at}`,
    event: 'RecordingProblem',
    roomIds: [],
    recorderIds: notice.recorderId === undefined ? [] : [notice.recorderId],
    title: notice.title,
    body: notice.body,
    action: { kind: 'openWindow' },
    createdAt: at,
    tag: `notice-${notice.kind}${notice.recorderId ? `-${notice.recorderId}` : ''}`,
  };
}
