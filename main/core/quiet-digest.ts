import { NOTIFICATION_TEXT } from '../../shared/i18n/notification-text';
import type { HistoryNotification } from '../../shared/history';
import type { AppNotification, QuietDigest as DigestFacts } from '../../shared/model';
import type { Language, NotifiableEvent } from '../../shared/settings';
import type { Clock } from './ports';
import { quietSpanAt, type QuietSettings } from './quiet-hours';

/** The longest wait between two looks: settings, sleep and clock changes are noticed within it. */
export const DIGEST_CHECK_MS = 60_000;

/** What the digest reads and where it goes. */
export interface QuietDigestPorts {
  clock: Clock;
  /** Runs `fn` after `ms`; returns a cancel function. */
  setTimer: (fn: () => void, ms: number) => () => void;
  settings: () => QuietSettings & { language: Language };
  /**
   * The notifications since the last digest, oldest first: the history keeps them, so what quiet
   * hours held survives a restart inside the window and is digested after it.
   */
  since: () => readonly HistoryNotification[];
  /** Records and shows the digest (the history, then the popup and push targets). */
  record: (digest: AppNotification) => void;
}

/** The held notifications among those since the last digest. */
export function heldSince(entries: readonly HistoryNotification[]): AppNotification[] {
  return entries
    .filter((e) => !e.decision.shown && e.decision.reason === 'held')
    .map((e) => e.notification);
}

/** The notifications after the last digest in a list kept oldest first (the history's order). */
export function sinceLastDigest(
  oldestFirst: readonly HistoryNotification[],
): readonly HistoryNotification[] {
  const last = oldestFirst.findLastIndex((e) => e.notification.event === 'QuietHoursDigest');
  return last < 0 ? oldestFirst : oldestFirst.slice(last + 1);
}

/**
 * The one popup at the end of quiet hours: how many went live, finished, went wrong, and the
 * span it covers (its click opens the Notifications view on that span).
 */
export function digestNotification(
  held: readonly AppNotification[],
  language: Language,
  now: number,
): AppNotification {
  const counts: Partial<Record<NotifiableEvent, number>> = {};
  for (const n of held) {
    const { event } = n;
    if (
      event !== 'QuietHoursDigest' &&
      event !== 'JobDone' &&
      event !== 'JobFailed' &&
      event !== 'PhoneCommand' // never held: a phone command has no popup
    )
      counts[event] = (counts[event] ?? 0) + 1;
  }
  const live = counts.StreamStarted ?? 0;
  const files = (counts.FileClosed ?? 0) + (counts.SessionReport ?? 0);
  const problems = counts.RecordingProblem ?? 0;
  const other = held.length - live - files - problems;
  const from = Math.min(...held.map((n) => n.createdAt));
  const digest: DigestFacts = { from, to: now, counts };
  return {
    id: `digest-${now.toString(36)}`,
    event: 'QuietHoursDigest',
    roomIds: [],
    ...NOTIFICATION_TEXT[language].quietDigest({ live, files, problems, other }),
    action: { kind: 'openWindow', span: { from, to: now + 1 } },
    createdAt: now,
    key: `quiet-digest-${from}`,
    digest,
  };
}

/**
 * Watches quiet time: while it lasts, looks again at its end (or within a minute); once it is
 * over and anything was held, records one digest. Pure: time and timers are injected.
 */
export class QuietDigest {
  readonly #ports: QuietDigestPorts;
  #cancel: (() => void) | undefined;

  constructor(ports: QuietDigestPorts) {
    this.#ports = ports;
  }

  /** Looks now (at start, and after anything was held), then keeps looking until stopped. */
  check(): void {
    this.#cancel?.();
    const now = this.#ports.clock();
    const settings = this.#ports.settings();
    const span = quietSpanAt(settings, now);
    if (!span) {
      const held = heldSince(this.#ports.since());
      if (held.length > 0) this.#ports.record(digestNotification(held, settings.language, now));
    }
    const wait = span ? Math.min(span.end - now, DIGEST_CHECK_MS) : DIGEST_CHECK_MS;
    this.#cancel = this.#ports.setTimer(() => this.check(), Math.max(wait, 1));
  }

  /** Stops looking. */
  stop(): void {
    this.#cancel?.();
    this.#cancel = undefined;
  }
}
