import * as z from 'zod';

const Word = z.string().trim().min(1).max(100);
const Words = z.array(Word).max(200).default([]);

/**
 * Which go-lives pop up and push: by words in the title and by area (the recorder's parent or
 * child area name). Words match anywhere in the title, ignoring case and full-width forms; an
 * area matches by its whole name. An empty allow list lets everything through; a block list wins
 * over an allow list. See main/core/go-live-filter.ts.
 */
export const GoLiveFilter = z.object({
  titleAllow: Words,
  titleBlock: Words,
  areaAllow: Words,
  areaBlock: Words,
});
/** A go-live filter. */
export type GoLiveFilter = z.infer<typeof GoLiveFilter>;

/** A room's own go-live filter: it takes the place of the one for all rooms. */
export const RoomGoLiveFilter = GoLiveFilter.extend({ roomId: z.number().int().nonnegative() });
/** A room's go-live filter. */
export type RoomGoLiveFilter = z.infer<typeof RoomGoLiveFilter>;

/** The go-live filters: one for all rooms, and rooms with their own. */
export const GoLiveFilters = z.object({
  all: GoLiveFilter.prefault({}),
  rooms: z.array(RoomGoLiveFilter).max(10_000).default([]),
});
/** The go-live filters. */
export type GoLiveFilters = z.infer<typeof GoLiveFilters>;

/** Which list stopped a go-live. */
export const GoLiveFilterList = z.enum(['titleAllow', 'titleBlock', 'areaAllow', 'areaBlock']);
/** A go-live filter's list. */
export type GoLiveFilterList = z.infer<typeof GoLiveFilterList>;

/** Why a go-live was filtered: the list, the word or area that matched (none for an allow list), whose filter. */
export const GoLiveFilterMatch = z.object({
  list: GoLiveFilterList,
  /** The block list's word or area that matched; absent for an allow list nothing matched. */
  word: z.string().optional(),
  /** The room's own filter, or the one for all rooms. */
  scope: z.enum(['room', 'all']),
});
/** Why a go-live was filtered. */
export type GoLiveFilterMatch = z.infer<typeof GoLiveFilterMatch>;
