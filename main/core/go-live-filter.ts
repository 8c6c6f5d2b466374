import type { RoomState } from '../../shared/model';
import type { GoLiveFilter, GoLiveFilterMatch, GoLiveFilters } from '../../shared/go-live-filter';

/** What a go-live filter looks at: the room's title and its parent and child area names. */
export type GoLiveFacts = Pick<RoomState, 'roomId' | 'title' | 'areaNameParent' | 'areaNameChild'>;

// NFKC folds full-width letters and digits (ＬＯＬ → LOL), common in Chinese titles; case is
// ignored too, so a word matches however the streamer typed it.
function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim();
}

/**
 * Why these filters stop this go-live, or undefined to let it through. A room with a filter of
 * its own uses only that one; block lists win over allow lists; a title word matches anywhere in
 * the title, an area by its whole name (parent or child); an empty allow list lets all through.
 */
export function goLiveFilterMatch(
  filters: GoLiveFilters | undefined,
  facts: GoLiveFacts,
): GoLiveFilterMatch | undefined {
  if (!filters) return undefined;
  const own = filters.rooms.find((room) => room.roomId === facts.roomId);
  const scope = own ? 'room' : 'all';
  const filter: GoLiveFilter = own ?? filters.all;
  const title = fold(facts.title);
  const areas = [fold(facts.areaNameParent), fold(facts.areaNameChild)].filter((a) => a !== '');
  const blockedWord = filter.titleBlock.find((word) => title.includes(fold(word)));
  if (blockedWord !== undefined) return { list: 'titleBlock', word: blockedWord, scope };
  const blockedArea = filter.areaBlock.find((area) => areas.includes(fold(area)));
  if (blockedArea !== undefined) return { list: 'areaBlock', word: blockedArea, scope };
  if (filter.titleAllow.length > 0 && !filter.titleAllow.some((w) => title.includes(fold(w))))
    return { list: 'titleAllow', scope };
  if (filter.areaAllow.length > 0 && !filter.areaAllow.some((a) => areas.includes(fold(a))))
    return { list: 'areaAllow', scope };
  return undefined;
}
