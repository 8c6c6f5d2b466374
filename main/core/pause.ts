/** `pausedUntil` for "until resumed": far enough to never end, and still valid JSON. */
export const PAUSED_FOREVER = 8_640_000_000_000_000; // the largest time a JS Date can hold

/** The hour of the morning a "until tomorrow" pause ends, local time. */
export const MORNING_HOUR = 8;

/** How long a pause chosen in the tray or the window lasts. */
export type PauseChoice = 'hour' | 'tomorrow' | 'forever' | 'resume';

/**
 * The epoch ms a pause ends at, or null for "resume". "Tomorrow" means the next 08:00 local time,
 * so a pause set at 02:00 ends at 08:00 the same morning, which is what a person means by it.
 */
export function pausedUntilFor(choice: PauseChoice, now: number): number | null {
  switch (choice) {
    case 'hour':
      return now + 60 * 60 * 1000;
    case 'tomorrow': {
      const morning = new Date(now);
      morning.setHours(MORNING_HOUR, 0, 0, 0);
      if (morning.getTime() <= now) morning.setDate(morning.getDate() + 1);
      return morning.getTime();
    }
    case 'forever':
      return PAUSED_FOREVER;
    case 'resume':
      return null;
  }
}

/** Whether notifications are paused at `now`. */
export function isPaused(pausedUntil: number | null, now: number): boolean {
  return pausedUntil !== null && now < pausedUntil;
}
