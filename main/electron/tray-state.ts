import type { AppState } from '../../shared/app-state';
import { startsRooms } from '../../shared/kind-abilities';
import { apiAnswers } from '../../shared/recorder/connection-status';
import { isPaused } from '../core/pause';
import type { TrayState } from '../core/tray-model';

/** Node's timers fire at once beyond this (2^31 - 1 ms, about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;

/** The tray model's input from the app's state at `now` (and the running version, for the tooltip). */
export function trayStateOf(state: AppState, now: number, version?: string): TrayState {
  const several = state.recorders.length > 1;
  return {
    rooms: state.rooms,
    recorderStatus: state.recorder.status,
    // Any recorder that can start its rooms now (by its kind, shared/kind-abilities.ts) offers
    // "Record" (the menu names which); one recorder: its own.
    canRecord: several
      ? state.recorders.some(startsRooms)
      : state.recorders[0]
        ? startsRooms({ ...state.recorders[0], status: state.recorder.status })
        : apiAnswers(state.recorder.status),
    ...(several
      ? {
          recorders: state.recorders.map((r) => ({
            id: r.id,
            name: r.name,
            status: r.status,
            startsRooms: startsRooms(r),
          })),
        }
      : {}),
    paused: isPaused(state.pause.pausedUntil, now),
    language: state.language,
    ...(state.problems ? { problems: state.problems } : {}),
    ...(state.storage?.trouble ? { storageTrouble: true } : {}),
    ...(version !== undefined ? { version } : {}),
    ...(state.jobs?.running ? { runningJobs: state.jobs.running } : {}),
    ...(state.update
      ? { update: state.update.version, updateAction: state.update.action ?? 'restart' }
      : {}),
    ...(state.attention
      ? { favourites: state.attention.favourites, quiet: state.attention.quiet }
      : {}),
  };
}

/** Milliseconds until the quiet time in force ends (the tray drops its note then); null: none. */
export function quietEndsIn(state: AppState, now: number): number | null {
  const end = state.attention?.quietEndsAt;
  if (end === undefined || end <= now) return null;
  return Math.min(end - now, MAX_TIMER_MS);
}

/**
 * Milliseconds until a running pause ends, so the tray can drop its "paused" look on time (no state
 * event marks the end of a pause); null when there is nothing to wait for. Far ends are capped to
 * what a timer can hold: the tray then re-checks and waits again.
 */
export function pauseEndsIn(pausedUntil: number | null, now: number): number | null {
  if (!isPaused(pausedUntil, now) || pausedUntil === null) return null;
  return Math.min(pausedUntil - now, MAX_TIMER_MS);
}
