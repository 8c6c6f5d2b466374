import type { RecorderStatusKind } from '../../shared/app-state';
import { apiAnswers } from '../../shared/recorder/connection-status';

const KEY = 'recorderTray.apiAnswered';

function answered(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Notes that the recorder API at `url` answered once (kept across restarts of the window). */
export function rememberApiAnswered(url: string): void {
  const list = answered();
  if (url === '' || list.includes(url)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify([...list, url].slice(-20)));
  } catch {
    // Storage full or refused: the API is then shown as "not set up" rather than failing.
  }
}

/** How the API light reads: off (webhooks only), ok, not set up (never answered), failing. */
export type ApiLight = 'off' | 'ok' | 'notSetUp' | 'failing';

/**
 * The recorder API as the user should read it. An address that never answered is "not set up"
 * (neutral): the desktop edition has no API, and the default address is only a guess. Only an
 * API that answered before and fails now is an error.
 */
export function apiLight(status: RecorderStatusKind, url: string): ApiLight {
  if (url.trim() === '') return 'off';
  if (status === 'off') return 'notSetUp'; // an address, but no answer yet
  if (apiAnswers(status)) {
    rememberApiAnswered(url);
    return 'ok';
  }
  return answered().includes(url) ? 'failing' : 'notSetUp';
}
