import type { AppState } from '../../shared/app-state';
import type { SuppressionReason } from '../../shared/history';
import { roomTier, type RoomTier } from '../../shared/room-tier';
import type { NotifiableEvent, Settings } from '../../shared/settings';
import { quietSpanAt } from './quiet-hours';

/** The settings behind tiers, quiet hours and sounds (absent: none of them, as before). */
export type AttentionSettings = Partial<
  Pick<
    Settings['notifications'],
    'favourites' | 'quietRooms' | 'favouritesThroughPause' | 'quietHours' | 'quietUntil' | 'sounds'
  >
>;

// The listed rooms' tiers, held per settings object (made anew only when the settings change):
// the policy asks for a room's tier on every event, and most rooms are in neither list.
const tiers = new WeakMap<AttentionSettings, ReadonlyMap<number, RoomTier>>();

/** A room's tier under these settings. */
export function tierOf(settings: AttentionSettings, roomId: number): RoomTier {
  let held = tiers.get(settings);
  if (!held) {
    const lists = { favourites: settings.favourites ?? [], quietRooms: settings.quietRooms ?? [] };
    const listed = [...lists.quietRooms, ...lists.favourites];
    held = new Map(listed.map((id) => [id, roomTier(lists, id)]));
    tiers.set(settings, held);
  }
  // A room in neither list is a normal one (shared/room-tier.ts).
  return held.get(roomId) ?? 'normal';
}

/** Whether quiet hours (the daily window or the tray's "until") hold popups at `now`. */
export function quietNow(settings: AttentionSettings, now: number): boolean {
  // Neither the daily window switched on nor an "until" set (the usual case): nothing to work out.
  if (!settings.quietHours?.enabled && !settings.quietUntil) return false;
  const quiet = { quietHours: settings.quietHours, quietUntil: settings.quietUntil ?? null };
  return quietSpanAt(quiet, now) !== undefined;
}

/**
 * Quiet hours' verdict on a popup the other rules would show: held for the digest, or undefined
 * to show it. Recording problems (when chosen) and favourites (when chosen) come through.
 */
export function quietHoursReason(
  kind: NotifiableEvent,
  tier: RoomTier,
  settings: AttentionSettings,
  now: number,
): SuppressionReason | undefined {
  if (!quietNow(settings, now)) return undefined;
  const through = settings.quietHours?.letThrough;
  if (kind === 'RecordingProblem' && (through?.problems ?? true)) return undefined;
  if (tier === 'favourite' && through?.favourites) return undefined;
  return 'held';
}

/** The popup's sound fields: silent, the OS's default (none set), or a named sound (macOS). */
export function popupSound(
  tier: RoomTier,
  settings: AttentionSettings,
): { silent?: boolean; sound?: string } {
  const sounds = settings.sounds;
  if (!sounds) return {};
  if (!sounds.enabled) return { silent: true };
  const choice = tier === 'favourite' ? sounds.favourite : sounds.normal;
  if (choice === 'silent') return { silent: true };
  if (choice === 'default') return {};
  return { sound: choice };
}

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
