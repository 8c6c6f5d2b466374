import { setTimeout as delay } from 'node:timers/promises';

/** Waits `ms`; resolves false at once (and early) when `signal` aborts, true otherwise. */
export function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return delay(ms, true, { signal }).catch(() => false);
}
