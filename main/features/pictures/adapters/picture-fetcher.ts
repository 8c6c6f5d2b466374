import type { PictureSettings } from '../../../../shared/settings';
import { errorDetail } from '../../../core/log-text';
import { BATCH_SIZE } from '../core/fetch-schedule';
import { pictureDownloadUrl } from '../core/picture-url';
import {
  afterFailure,
  afterRefusal,
  isRefusal,
  mayRequest,
  NO_BACK_OFF,
  type BackOffState,
} from '../core/refusal-back-off';
import type { Clock, Logger } from '../../../core/ports';
import { downloadImage } from './image-download';
import { fetchLiveRooms, type LiveApiResult, type LiveRoomInfo } from './live-api-client';
import type { PictureCache, RoomRecord } from './picture-cache';

/** What the fetcher works with. */
export interface PictureFetcherDeps {
  cache: PictureCache;
  clock: Clock;
  log: Logger;
  settings: () => PictureSettings;
  /** A room's pictures changed (the window and the tray show them anew). */
  changed: () => void;
  fetch?: typeof fetch;
}

type Entry = RoomRecord['face'];

/**
 * Fetches rooms from bilibili's live API in batches, one request at a time, and keeps their
 * pictures in the cache. Refusals (HTTP 412/429, codes -352/-412) stop every request until the
 * back-off ends (main/features/pictures/core/refusal-back-off.ts); rooms asked for meanwhile are asked for
 * again by the next sweep once they are still due.
 */
export class PictureFetcher {
  readonly #deps: PictureFetcherDeps;
  readonly #pending = new Set<number>();
  /** The batch being fetched: asked for again meanwhile, a room is not fetched twice. */
  #inFlight = new Set<number>();
  #running: Promise<void> | undefined;
  #backOff: BackOffState = NO_BACK_OFF;
  readonly #abort = new AbortController();

  constructor(deps: PictureFetcherDeps) {
    this.#deps = deps;
  }

  /** The back-off in force. */
  get backOff(): BackOffState {
    return this.#backOff;
  }

  /** Ends the requests under way and takes no more (the app stops: it must not wait on them). */
  stop(): void {
    this.#abort.abort();
    this.#pending.clear();
  }

  /** Asks for rooms; resolves when the run that fetches them (or gives up) is over. */
  request(roomIds: readonly number[]): Promise<void> {
    if (this.#abort.signal.aborted) return Promise.resolve();
    for (const id of roomIds) if (!this.#inFlight.has(id)) this.#pending.add(id);
    this.#running ??= this.#run().finally(() => (this.#running = undefined));
    return this.#running;
  }

  /** Whether a room is asked for or being fetched now. */
  isFetching(roomId: number): boolean {
    return this.#pending.has(roomId) || this.#inFlight.has(roomId);
  }

  /** Resolves when no fetch is running. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #run(): Promise<void> {
    // Rooms asked for in the same turn (a poll's happenings, then the poll) go in one batch.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.#pending.size > 0) {
      const settings = this.#deps.settings();
      const stopped = this.#abort.signal.aborted;
      if (stopped || !settings.enabled || !mayRequest(this.#backOff, this.#deps.clock())) {
        this.#pending.clear(); // the next sweep asks again for what is still due
        return;
      }
      const batch = [...this.#pending].slice(0, BATCH_SIZE);
      for (const id of batch) this.#pending.delete(id);
      this.#inFlight = new Set(batch);
      try {
        const result = await fetchLiveRooms(settings.liveApiHost, batch, this.#httpOptions());
        await this.#apply(batch, result, settings.liveApiHost);
      } catch (error) {
        this.#deps.log.info(`pictures: ${errorDetail(error)}`);
      } finally {
        this.#inFlight = new Set();
      }
    }
  }

  #httpOptions(): { fetch?: typeof fetch; signal: AbortSignal } {
    return { signal: this.#abort.signal, ...(this.#deps.fetch ? { fetch: this.#deps.fetch } : {}) };
  }

  async #apply(batch: readonly number[], result: LiveApiResult, host: string): Promise<void> {
    const now = this.#deps.clock();
    const { problem } = result;
    if (problem) {
      const refused = isRefusal(problem.answer);
      this.#backOff = refused ? afterRefusal(this.#backOff, now) : afterFailure(this.#backOff, now);
      const until = new Date(this.#backOff.until).toISOString();
      this.#deps.log.info(
        `pictures: bilibili's live API ${refused ? 'refused' : 'failed'} (${problem.detail}); next try after ${until}`,
      );
    } else {
      this.#backOff = NO_BACK_OFF;
    }
    const answered = new Set<number>();
    for (const room of result.rooms) {
      answered.add(room.roomId);
      await this.#keep(room, host, problem ? undefined : now);
    }
    // Rooms bilibili does not know (or hides) are not asked for again before tomorrow.
    if (!problem)
      for (const id of batch)
        if (!answered.has(id)) this.#deps.cache.setRoom(id, { fetchedAt: now });
    if (result.rooms.length > 0) this.#deps.changed();
  }

  /** Keeps one room's record; `fetchedAt` undefined: the answer was partial, ask again later. */
  async #keep(room: LiveRoomInfo, host: string, fetchedAt: number | undefined): Promise<void> {
    const { cache } = this.#deps;
    const old = cache.record(room.roomId);
    const face = await this.#picture(room.face, old?.face, host);
    const cover = await this.#picture(room.cover, old?.cover, host);
    cache.setRoom(room.roomId, {
      fetchedAt: fetchedAt ?? 0,
      ...(room.uname ? { uname: room.uname } : {}),
      ...(face ? { face } : old?.face && fetchedAt === undefined ? { face: old.face } : {}),
      ...(cover ? { cover } : {}),
    });
  }

  /** One picture: the cached file when the URL is unchanged, else a checked download. */
  async #picture(raw: string | undefined, old: Entry, host: string): Promise<Entry> {
    if (!raw) return undefined;
    const url = pictureDownloadUrl(raw, host);
    if (!url) {
      this.#deps.log.info(`pictures: not downloaded from an unexpected host: ${raw.slice(0, 200)}`);
      return undefined;
    }
    if (old?.url === url && this.#deps.cache.fileOf(old.key)) return old;
    const image = await downloadImage(url, this.#httpOptions());
    if (!image.ok) {
      this.#deps.log.info(`pictures: ${url} refused: ${image.reason}`);
      return { url };
    }
    return { url, key: await this.#deps.cache.store(url, image) };
  }
}
