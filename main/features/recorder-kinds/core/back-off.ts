/** Waits between reconnects of an event stream: the first, and the most. */
export interface BackOff {
  firstMs: number;
  maxMs: number;
}

/** The usual waits: 1 s, doubling, at most 30 s (a recorder restarting comes back within it). */
export const STREAM_BACK_OFF: BackOff = { firstMs: 1_000, maxMs: 30_000 };

/** The wait before reconnect number `attempt` (1 = the first after a drop): doubling, capped. */
export function reconnectDelay(attempt: number, backOff: BackOff = STREAM_BACK_OFF): number {
  const doubled = backOff.firstMs * 2 ** Math.max(0, Math.min(attempt - 1, 20));
  return Math.min(backOff.maxMs, doubled);
}
