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
import { OutboxDispatcher } from './outbox-dispatcher';
import type { Storage } from './storage';

/** The sinks as attached, the outbox's dispatcher and the push feature (its test button). */
export interface AttachedSinks {
  sinks: DecisionSinks;
  push: PushSink;
  /** Delivers each decision's effects (popup, pushes) after its commit; started by recovery. */
  dispatcher: OutboxDispatcher;
}

/**
 * The one place sinks attach, in order: the outbox's dispatcher (the host's popup and the push
 * targets, after the decision's commit, so that recovery never loses a popup), the window, then
 * the host's extras.
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
  // Phones and chats; each outcome is kept with its notification.
  const push = new PushSink({
    outbox: storage.outbox,
    onAttempt: (attempt) => events.emit('push:attempt', attempt),
    onResult: (id, record) => void storage.history.recordPush(id, record).catch(() => undefined),
  });
  const dispatcher = new OutboxDispatcher({
    popups: ports.popups,
    push,
    outbox: storage.outbox,
    history: storage.history,
    failed: context.reportFailure('popup'),
  });
  sinks.attach(dispatcher, windowSink, ...(ports.sinks ?? []));
  return { sinks, push, dispatcher };
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
