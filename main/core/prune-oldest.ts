/**
 * Drops the oldest entries (in insertion order) of a Map or Set down to `keep`, once it holds more
 * than `keep + slack`, passing over the entries `spare` says to keep; returns how many went.
 * Dropping one entry per insert would be slow: V8 leaves a deleted entry in place until the table
 * is rebuilt, so finding the oldest scans past every earlier deletion, some 5 µs per insert at
 * 10,000 entries. One pass per `slack` inserts costs next to nothing.
 */
export function pruneOldest<K, V>(
  collection: Map<K, V> | Set<K>,
  keep: number,
  slack = slackFor(keep),
  spare?: (value: V) => boolean,
): number {
  if (collection.size <= keep + slack) return 0;
  let excess = collection.size - keep;
  let dropped = 0;
  for (const [key, value] of collection.entries() as IterableIterator<[K, V]>) {
    if (excess <= 0) break;
    if (spare?.(value)) continue;
    collection.delete(key);
    excess -= 1;
    dropped += 1;
  }
  return dropped;
}

/**
 * The most rooms per recorder whose per-room memory (registry entries, flap and rate-limit times,
 * last looks) is held. A recorder lists a few hundred rooms at most; webhooks naming ever new
 * rooms (a flood, a misbehaving sender) would otherwise grow it without end (issue 21). A prune
 * drops the rooms first heard of (setting a known key does not move it), so a flood past this
 * may drop the recorder's own rooms: each comes back with its next webhook or poll.
 */
export const ROOMS_KEPT = 5_000;

/** How many entries past `keep` a collection may hold before it is pruned: an eighth. */
export function slackFor(keep: number): number {
  return keep >> 3;
}
