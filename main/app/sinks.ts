import type { HistoryNotification } from '../../shared/history';
import type { AppNotification } from '../../shared/model';
import type { HistoryStore } from '../adapters/history-store';
import { errorDetail } from '../core/log-text';
import type { DecisionSink, PlugInContext } from '../core/plug-ins';
import type { Logger } from '../core/ports';
import type { SetupNotice } from '../core/recorder-sync';
import type { DatabaseNotice } from '../core/database-notice';
import type { AppContext } from './app-context';
import type { AppPorts } from './app-ports';
import { PushSink } from './push/push-sink';
import type { Storage } from './storage';

/** The sinks as attached, and the push sink (its test button is a contract call). */
export interface AttachedSinks {
  sinks: DecisionSinks;
  push: PushSink;
}

/**
 * The one place sinks attach, in order: the host's popup (behind the history's write, so that
 * recovery never pops a happening up twice), the window, push targets, then the host's extras.
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
    decided: (entry) => {
      events.emit('notification:added', entry);
      stateChanged();
    },
  };
  // Phones and chats, through an outbox; each outcome is kept with its notification.
  const push = new PushSink({
    database: storage.database,
    onAttempt: (attempt) => events.emit('push:attempt', attempt),
    onResult: (id, record) => storage.history.recordPush(id, record),
  });
  const popups = durablePopups(ports.popups, storage.history, context.reportFailure('popup'));
  sinks.attach(popups, windowSink, push, ...(ports.sinks ?? []));
  return { sinks, push };
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

  /** Hands one decision to every sink. */
  decided(entry: HistoryNotification): void {
    this.#each((sink) => sink.decided(entry));
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
 * The host's popup sink, behind the history: a shown decision pops up in the same step as the
 * write that puts it into the history's file, so a kill of the app leaves both or neither, and
 * start-up recovery (which skips what the history decided) neither repeats nor loses a popup.
 * Waiting for the write's promise instead left a gap of however long the event loop was busy
 * (milliseconds under load), and a kill in it lost the popup (the chaos test, rarely, under
 * load). While the disk fails, popups go at once. Order is kept.
 */
export function durablePopups(
  popups: DecisionSink,
  history: Pick<HistoryStore, 'afterNotificationsWritten' | 'flush'>,
  failed: (error: unknown) => void,
): DecisionSink {
  return {
    name: popups.name,
    ...(popups.start ? { start: (context) => popups.start!(context) } : {}),
    ...(popups.notice ? { notice: (notification) => popups.notice!(notification) } : {}),
    decided: (entry) => {
      if (!entry.decision.shown) return popups.decided(entry);
      history.afterNotificationsWritten(() => {
        try {
          popups.decided(entry);
        } catch (error) {
          failed(error);
        }
      });
    },
    async stop() {
      await history.flush(); // the popups decided before stop go out first
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
