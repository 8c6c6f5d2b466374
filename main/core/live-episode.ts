/** Whether a room is on (live / recording) as far as the app knows. */
export type EpisodeState = 'unknown' | 'on' | 'off';

/** A room's on/off flag with the time of the observation that set it. */
export interface Episode {
  state: EpisodeState;
  /** Time of the newest observation that changed or confirmed the state, in 100 ns ticks. */
  since: bigint;
}

/** A fresh episode that knows nothing. */
export function unknownEpisode(): Episode {
  return { state: 'unknown', since: -1n };
}

/**
 * Applies an on/off observation made at `ticks`. Returns the new episode and whether it was a
 * transition. Older observations than the one that set the state are ignored, which is what makes
 * the result independent of arrival order; a repeated "on" is not a new transition.
 */
export function observeEpisode(
  episode: Episode,
  on: boolean,
  ticks: bigint,
): { episode: Episode; changed: boolean } {
  if (ticks < episode.since) return { episode, changed: false };
  const state: EpisodeState = on ? 'on' : 'off';
  if (episode.state === state) {
    return {
      episode: { state, since: ticks > episode.since ? ticks : episode.since },
      changed: false,
    };
  }
  return { episode: { state, since: ticks }, changed: true };
}
