import { defaultSettings, type Settings } from '../../shared/settings';
import { EventPipeline } from '../../main/core/event-pipeline';
import type { Happening } from '../../main/core/happening';
import type { DecidedNotification } from '../../main/core/notification-policy';
import { parsedWebhook } from './parsed-webhook';

/** A fake clock with timers, for driving the policy's time in tests. */
export class FakeClock {
  now = Date.UTC(2026, 10, 22, 12, 0, 0);
  #timers: { at: number; fn: () => void; id: number }[] = [];
  #nextId = 1;

  readonly read = (): number => this.now;

  /** Schedules like setTimeout; returns a cancel function. */
  readonly setTimer = (fn: () => void, ms: number): (() => void) => {
    const id = this.#nextId++;
    this.#timers.push({ at: this.now + ms, fn, id });
    return () => {
      this.#timers = this.#timers.filter((t) => t.id !== id);
    };
  };

  /** Moves time forward, running due timers in order. */
  advance(ms: number): void {
    const end = this.now + ms;
    for (;;) {
      const due = this.#timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t !== due);
      this.now = due.at;
      due.fn();
    }
    this.now = end;
  }
}

/** The core without I/O: dedupe + pipeline + policy, recording every decision. */
export function coreHarness(overrides: (s: Settings) => void = () => {}) {
  const clock = new FakeClock();
  const settings = defaultSettings();
  settings.language = 'zh-CN';
  overrides(settings);
  const decided: DecidedNotification[] = [];
  const happenings: Happening[] = [];
  const seen = new Set<string>(); // the dedupe (a unique index in the app's database)
  const pipeline = new EventPipeline(
    {
      clock: clock.read,
      setTimer: clock.setTimer,
      settings: () => ({ ...settings.notifications, language: settings.language ?? 'en' }),
      actionFor: () => undefined,
    },
    { decided: (d) => decided.push(d), happened: (h) => happenings.push(h) },
  );
  /**
   * Delivers a body like the listener would: parse, dedupe by id, then the pipeline, as told by
   * `recorderId` (the default recorder when not given).
   */
  const deliver = (body: unknown, recorderId?: string): 'accepted' | 'duplicate' => {
    const webhook = parsedWebhook(body);
    if (seen.has(webhook.id)) return 'duplicate';
    seen.add(webhook.id);
    pipeline.applyWebhook(webhook, 'webhook', undefined, undefined, recorderId);
    return 'accepted';
  };
  const shown = () => decided.filter((d) => d.decision.shown).map((d) => d.notification);
  return { clock, settings, decided, happenings, pipeline, deliver, shown };
}
