import type { Happening, StreamEndFacts } from './happening';
import { ROOMS_KEPT, pruneOldest } from './prune-oldest';

interface Episode {
  startedAt: number;
  files: number;
  bytes: number;
  mediaSeconds: number;
}

/**
 * What each room's live stream ran and recorded, for the StreamEnded popup: from its go-live (the
 * room's first go-live seen) to its end, the files finished meanwhile, their size and media time.
 * The recorder sends no order (recorder facts: StreamEnded may come before the last FileClosed),
 * so a file closed after the end is not in it: the session report, which waits for late files,
 * counts it.
 */
export class StreamTally {
  readonly #episodes = new Map<number, Episode>();

  /** Notes one happening; a StreamEnded gets its facts (`ended`) when its start was seen. */
  note(happening: Happening): void {
    const { roomId } = happening;
    switch (happening.kind) {
      case 'StreamStarted':
        this.#episodes.set(roomId, {
          startedAt: happening.at,
          files: 0,
          bytes: 0,
          mediaSeconds: 0,
        });
        pruneOldest(this.#episodes, ROOMS_KEPT);
        return;
      case 'FileClosed': {
        const episode = this.#episodes.get(roomId);
        if (!episode || !happening.file) return;
        episode.files += 1;
        episode.bytes += happening.file.fileSize ?? 0;
        episode.mediaSeconds += happening.file.durationSeconds ?? 0;
        return;
      }
      case 'StreamEnded': {
        const episode = this.#episodes.get(roomId);
        this.#episodes.delete(roomId);
        if (episode) happening.ended = endFacts(episode, happening.at);
        return;
      }
      default:
        return;
    }
  }
}

function endFacts(episode: Episode, endedAt: number): StreamEndFacts {
  const liveSeconds = Math.max(0, (endedAt - episode.startedAt) / 1000);
  const facts: StreamEndFacts = { files: episode.files, bytes: episode.bytes };
  if (liveSeconds > 0) facts.liveSeconds = liveSeconds;
  // RawData mode reports Duration 0: no share rather than a wrong one.
  if (liveSeconds > 0 && episode.mediaSeconds > 0)
    facts.coverage = Math.min(1, episode.mediaSeconds / liveSeconds);
  return facts;
}
