import type { QuietHoursSettings } from '../../shared/settings';

/** One stretch of quiet time, epoch ms, end excluded. */
export interface QuietSpan {
  start: number;
  end: number;
}

/** What decides quiet time: the daily window and the tray's "quiet until". */
export interface QuietSettings {
  /** Absent: no daily window. */
  quietHours?: QuietHoursSettings | undefined;
  /** Epoch ms; null or past: none. */
  quietUntil: number | null;
}

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** The local time `minutes` after midnight of the local day `offset` days from `now`'s. */
function localAt(now: number, offset: number, minutes: number): number {
  const day = new Date(now);
  day.setDate(day.getDate() + offset);
  day.setHours(Math.floor(minutes / 60), minutes % 60, 0, 0);
  return day.getTime();
}

/**
 * The daily window that holds `now`, if any. A window belongs to the weekday it starts on, so at
 * 02:00 on Saturday a 23:00–08:00 window is the one that started on Friday, and is quiet only if
 * Friday is one of its days (the midnight bug: asking about today's window instead).
 */
export function dailyQuietSpan(
  hours: QuietHoursSettings | undefined,
  now: number,
): QuietSpan | undefined {
  if (!hours?.enabled || hours.days.length === 0) return undefined;
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  // Crosses midnight (or is the whole day): it ends on the next day.
  const endOffset = to <= from ? 1 : 0;
  for (const offset of [0, -1]) {
    const start = localAt(now, offset, from);
    if (!hours.days.includes(new Date(start).getDay())) continue;
    const end = localAt(now, offset + endOffset, to);
    if (start <= now && now < end) return { start, end };
  }
  return undefined;
}

/**
 * The quiet time that holds `now`: the daily window, the tray's "quiet until", or both joined
 * (their later end), or undefined when popups may show.
 */
export function quietSpanAt(settings: QuietSettings, now: number): QuietSpan | undefined {
  const daily = dailyQuietSpan(settings.quietHours, now);
  const until = settings.quietUntil;
  const manual = until !== null && now < until ? { start: now, end: until } : undefined;
  const first = daily ?? manual;
  if (!first) return undefined;
  let end = Math.max(daily?.end ?? 0, manual?.end ?? 0);
  // A window that "until" runs into, or "until" outlasting a window: one span to the later end.
  for (let step = 0; step < 3; step += 1) {
    const next = dailyQuietSpan(settings.quietHours, end);
    const later = Math.max(next?.end ?? end, until ?? end);
    if (later <= end) break;
    end = later;
  }
  return { start: first.start, end };
}
