import type { Language } from '../../shared/settings';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: Language, withDate: boolean): Intl.DateTimeFormat {
  const key = `${language}|${withDate}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(language, {
      ...(withDate ? { month: '2-digit', day: '2-digit' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(key, found);
  }
  return found;
}

/** An epoch-ms time as the window shows it: the time of day today, with the date otherwise. */
export function formatWhen(epochMs: number, language: Language, now: number = Date.now()): string {
  if (!Number.isFinite(epochMs)) return '—';
  const date = new Date(epochMs);
  const today = new Date(now);
  const sameDay =
    date.getFullYear() === today.getFullYear() &&
    date.getMonth() === today.getMonth() &&
    date.getDate() === today.getDate();
  return formatter(language, !sameDay).format(date);
}

/** Pauses this far away mean "until resumed" (the app stores those as the largest date). */
export function isPausedForever(pausedUntil: number, now: number = Date.now()): boolean {
  return pausedUntil - now > 100 * 365 * 24 * 3600 * 1000;
}

/** How long ago `epochMs` was, in words: "just now", "3 min ago", "2 h ago", else the time. */
export function formatAgo(
  epochMs: number,
  language: Language,
  words: { now: string; minutes: (n: number) => string; hours: (n: number) => string },
  now: number = Date.now(),
): string {
  const minutes = Math.floor((now - epochMs) / 60_000);
  if (minutes < 1) return words.now;
  if (minutes < 60) return words.minutes(minutes);
  if (minutes < 24 * 60) return words.hours(Math.floor(minutes / 60));
  return formatWhen(epochMs, language, now);
}
