import type { PushFailure } from '../../../../shared/push';

/** How long a push is retried before it is recorded as failed. */
export const GIVE_UP_AFTER_MS = 60 * 60_000;

/**
 * Waits before the 2nd, 3rd, … attempt; the last repeats until GIVE_UP_AFTER_MS. Short at first
 * (a service restarting, a phone's network switching), then every ten minutes.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  1_000,
  3_000,
  10_000,
  30_000,
  60_000,
  2 * 60_000,
  5 * 60_000,
  10 * 60_000,
];

/** Failures worth trying again: the service or the way to it may come back. A bad token will not. */
export function isRetryable(reason: PushFailure): boolean {
  return (
    reason === 'unreachable' ||
    reason === 'timeout' ||
    reason === 'serverError' ||
    reason === 'rateLimited'
  );
}

/**
 * When to try again after `attempts` failed attempts of a push first tried at `firstAt`, or
 * undefined when it is to be recorded as failed (not retryable, or past the hour).
 */
export function nextAttemptAt(
  firstAt: number,
  attempts: number,
  now: number,
  reason: PushFailure,
  delays: readonly number[] = RETRY_DELAYS_MS,
  giveUpAfterMs = GIVE_UP_AFTER_MS,
): number | undefined {
  if (!isRetryable(reason) || delays.length === 0) return undefined;
  const delay = delays[Math.min(attempts - 1, delays.length - 1)]!;
  const at = now + delay;
  // The last attempt may fall a little short of the hour rather than past it.
  if (now - firstAt >= giveUpAfterMs) return undefined;
  return Math.min(at, firstAt + giveUpAfterMs);
}
