import type { AppState } from '../../shared/app-state';
import type { Settings } from '../../shared/settings';
import { quietNow } from './room-attention';

/** The tray's and window's view of tiers and quiet time: the favourites, and whether it is quiet now. */
export function attentionView(
  notifications: Settings['notifications'],
  now: number,
): NonNullable<AppState['attention']> {
  return { favourites: [...notifications.favourites], quiet: quietNow(notifications, now) };
}
