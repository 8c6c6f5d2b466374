/**
 * Drops the oldest entries (in insertion order) of a Map or Set down to `keep`, once it holds more
 * than `keep + slack`. Dropping one entry per insert would be slow: V8 leaves a deleted entry in
 * place until the table is rebuilt, so finding the oldest scans past every earlier deletion, some
 * 5 µs per insert at 10,000 entries. One pass per `slack` inserts costs next to nothing.
 */
export function trimOldest(
  collection: Map<unknown, unknown> | Set<unknown>,
  keep: number,
  slack = slackFor(keep),
): void {
  if (collection.size <= keep + slack) return;
  let excess = collection.size - keep;
  for (const key of collection.keys()) {
    if (excess-- <= 0) break;
    collection.delete(key);
  }
}

/**
 * The most rooms per recorder whose per-room memory (registry entries, flap and rate-limit times,
 * last looks) is held. A recorder lists a few hundred rooms at most; webhooks naming ever new
 * rooms (a flood, a misbehaving sender) would otherwise grow it without end (issue 21).
 */
export const ROOMS_KEPT = 5_000;

/** How many entries past `keep` a collection may hold before a trim: an eighth. */
export function slackFor(keep: number): number {
  return keep >> 3;
}
