import type { Language } from './settings';

/** A byte count for people: `1.74 GB`, `816 KB` (decimal units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

/** A duration in seconds as `h:mm:ss` or `m:ss`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** The last segment of a recorder path (`/` or `\` separated). */
export function baseName(relativePath: string): string {
  const parts = relativePath.split(/[\\/]/);
  return parts[parts.length - 1] ?? relativePath;
}

/** The app's language for a system locale such as `zh-CN`, `zh-Hant-TW` or `en-US`. */
export function languageForLocale(locale: string | undefined): Language {
  return /^zh\b/i.test(locale ?? '') ? 'zh-CN' : 'en';
}
