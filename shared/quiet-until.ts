/** The choices of "quiet until" (the tray, the window): an hour, until 08:00, or off. */
export type QuietChoice = 'hour' | 'morning' | 'off';

/** The hour of the morning "quiet until the morning" and a pause "until tomorrow" end, local time. */
const MORNING_HOUR = 8;

/** The epoch ms of the next 08:00 local time after `now`. */
export function nextMorning(now: number): number {
  const morning = new Date(now);
  morning.setHours(MORNING_HOUR, 0, 0, 0);
  if (morning.getTime() <= now) morning.setDate(morning.getDate() + 1);
  return morning.getTime();
}

/** The `notifications.quietUntil` a choice sets at `now` (the next 08:00 local time for "morning"). */
export function quietUntilFor(choice: QuietChoice, now: number): number | null {
  if (choice === 'off') return null;
  if (choice === 'hour') return now + 60 * 60 * 1000;
  return nextMorning(now);
}
