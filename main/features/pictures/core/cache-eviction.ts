/** How much the picture cache may hold on disk: about 500 avatars and covers. */
export const CACHE_MAX_BYTES = 50 * 1024 * 1024;

/** One cached picture as eviction sees it. */
export interface CachedFile {
  key: string;
  size: number;
  /** Epoch ms of its last use (stored or shown). */
  usedAt: number;
}

/**
 * The keys to delete so that the cache holds at most `maxBytes`: the least recently used first;
 * files in `keep` (pictures of rooms the app shows now) go only when nothing else is left.
 */
export function evictionOrder(
  files: readonly CachedFile[],
  maxBytes: number,
  keep: ReadonlySet<string> = new Set(),
): string[] {
  let total = files.reduce((sum, file) => sum + file.size, 0);
  if (total <= maxBytes) return [];
  const order = [...files].sort(
    (a, b) => Number(keep.has(a.key)) - Number(keep.has(b.key)) || a.usedAt - b.usedAt,
  );
  const out: string[] = [];
  for (const file of order) {
    if (total <= maxBytes) break;
    out.push(file.key);
    total -= file.size;
  }
  return out;
}
