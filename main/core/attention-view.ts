import type { AppState } from '../../shared/app-state';
import type { Settings } from '../../shared/settings';
import { quietSpanAt } from './quiet-hours';

/** The tray's and window's view of tiers and quiet time: the favourites, and whether it is quiet now. */
export function attentionView(
  notifications: Settings['notifications'],
  now: number,
): NonNullable<AppState['attention']> {
  const span = quietSpanAt(notifications, now);
  return {
    favourites: [...notifications.favourites],
    quiet: span !== undefined,
    ...(span ? { quietEndsAt: span.end } : {}),
  };
}
