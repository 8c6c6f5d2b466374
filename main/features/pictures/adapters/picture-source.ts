import { pathToFileURL } from 'node:url';
import type { AppNotification, RoomState } from '../../../../shared/model';
import type { PictureSettings } from '../../../../shared/settings';
import type { HappeningSource, PlugInContext, SourceContext } from '../../../core/plug-ins';
import type { Happening } from '../../../core/happening';
import { errorDetail } from '../../../core/log-text';
import { dueRooms, isDueOnGoLive, isRoomDue } from '../core/fetch-schedule';
import { PictureCache } from './picture-cache';
import { PictureFetcher } from './picture-fetcher';
import { readRecorderCover } from './recorder-cover';

/** Options of the pictures source (tests). */
export interface PictureSourceOptions {
  fetch?: typeof fetch;
  /** How often the known rooms are checked for their daily fetch (default 10 min). */
  sweepMs?: number;
}

/** The cache folder inside the data folder. */
export const PICTURES_DIR = 'pictures';

/**
 * The rooms' pictures as a source: it offers no happening, but watches polls and happenings to
 * fetch pictures for the rooms the app knows (each at most once a day, and again on go-live) and
 * takes the cover the recorder saved beside a finished recording. `fill` and `decorate` give
 * notifications and rooms what the cache holds, at once: a popup never waits on the network.
 */
export class PictureSource implements HappeningSource {
  readonly name = 'pictures';
  readonly cache: PictureCache;
  readonly fetcher: PictureFetcher;
  readonly #settings: () => PictureSettings;
  readonly #log: PlugInContext['log'];
  readonly #clock: PlugInContext['clock'];
  readonly #options: PictureSourceOptions;
  readonly #listeners = new Set<() => void>();
  readonly #work = new Set<Promise<unknown>>();
  #unobserve: (() => void) | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #context: SourceContext | undefined;

  private constructor(cache: PictureCache, core: PlugInContext, options: PictureSourceOptions) {
    this.cache = cache;
    this.#settings = () => core.settings().pictures;
    this.#log = core.log;
    this.#clock = core.clock;
    this.#options = options;
    this.fetcher = new PictureFetcher({
      cache,
      clock: core.clock,
      log: core.log,
      settings: this.#settings,
      changed: () => this.#changed(),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /** Opens the cache in the data folder. */
  static async open(
    core: PlugInContext,
    options: PictureSourceOptions = {},
  ): Promise<PictureSource> {
    const dir = `${core.dataDir}/${PICTURES_DIR}`;
    return new PictureSource(await PictureCache.open(dir, core.clock, core.log), core, options);
  }

  /** Calls `listener` when a room's pictures changed; returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  start(context: SourceContext): void {
    this.#context = context;
    this.#unobserve = context.observe({
      polled: (rooms) => this.#sweep(rooms.map((room) => room.roomId)),
      happened: (happening) => this.#happened(happening),
    });
    this.#timer = setInterval(() => this.sweep(), this.#options.sweepMs ?? 10 * 60_000);
    this.#timer.unref?.();
    this.sweep();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    this.#unobserve?.();
    this.#context = undefined;
    this.fetcher.stop(); // a stop never waits on bilibili
    await this.idle();
  }

  /** Fetches the known rooms that are due (the timer does this every few minutes). */
  sweep(): void {
    const rooms = this.#context?.rooms() ?? [];
    this.#sweep(rooms.map((room) => room.roomId));
  }

  /** Resolves when no fetch or cover read is under way. */
  async idle(): Promise<void> {
    while (this.#work.size > 0) await Promise.allSettled([...this.#work]);
    await this.fetcher.idle();
    await this.cache.flush();
  }

  /** The notification with its room's pictures, when it is about one room and they are known. */
  fill(notification: AppNotification): AppNotification {
    if (!this.#settings().enabled || notification.pictures) return notification;
    const [roomId] = notification.roomIds;
    if (notification.roomIds.length !== 1 || roomId === undefined) return notification;
    const pictures = this.cache.pictures(roomId);
    return pictures ? { ...notification, pictures } : notification;
  }

  /**
   * A go-live's wait for its room's pictures (main/features/pictures/core/picture-wait.ts): when the room has no
   * avatar cached and a fetch of it is under way, `ready` is called (never before this returns)
   * once the avatar is in or the fetch is over; returns the unsubscribe, or undefined.
   */
  awaitPictures(roomId: number, ready: () => void): (() => void) | undefined {
    const hasFace = () => this.cache.pictures(roomId)?.face?.path !== undefined;
    if (!this.#settings().enabled || hasFace() || !this.fetcher.isFetching(roomId))
      return undefined;
    let waiting = true;
    const check = () => {
      if (!waiting || (!hasFace() && this.fetcher.isFetching(roomId))) return;
      stop();
      ready();
    };
    const unsubscribe = this.onChange(check);
    const stop = () => {
      waiting = false;
      unsubscribe();
    };
    // The fetch may end without a change (refused, no such room): its end releases the wait too.
    void this.fetcher.idle().then(check);
    return stop;
  }

  /** The rooms, each with its pictures where known. */
  decorate(rooms: RoomState[]): RoomState[] {
    if (!this.#settings().enabled) return rooms;
    return rooms.map((room) => {
      const pictures = this.cache.pictures(room.roomId);
      return pictures ? { ...room, pictures } : room;
    });
  }

  #sweep(roomIds: readonly number[]): void {
    if (!this.#settings().enabled) return;
    const due = dueRooms(roomIds, (id) => this.cache.record(id), this.#clock());
    if (due.length > 0) this.#track(this.fetcher.request(due));
  }

  #happened(happening: Happening): void {
    if (!this.#settings().enabled || happening.source === 'test' || happening.source === 'replay')
      return;
    const { roomId } = happening;
    if (happening.kind === 'StreamStarted' && !happening.baseline && roomId > 0) {
      // A new stream may have a new cover: fetched now, within the popup's grouping window.
      if (isDueOnGoLive(this.cache.record(roomId), this.#clock()))
        this.#track(this.fetcher.request([roomId]));
      return;
    }
    // A room first heard of through a webhook (no mark yet: a room fetched before is refreshed by
    // the sweeps). One room's mark, not a sweep: this runs for every happening, and a sweep's set
    // and arrays were measurable under load (issue 21).
    const mark = this.cache.record(roomId);
    if (mark === undefined && isRoomDue(roomId, mark, this.#clock()))
      this.#track(this.fetcher.request([roomId]));
    const recording = happening.fileCheck?.resolvedPath;
    if (happening.kind === 'FileClosed' && recording)
      this.#track(this.#recorderCover(roomId, recording));
  }

  /** The cover the recorder saved beside a recording (SaveStreamCover) becomes the room's cover. */
  async #recorderCover(roomId: number, recording: string): Promise<void> {
    const found = await readRecorderCover(recording);
    if (!found) return;
    const key = await this.cache.store(found.path, found.image);
    const old = this.cache.record(roomId);
    const url = old?.cover?.url ?? pathToFileURL(found.path).href;
    this.cache.setRoom(roomId, { ...(old ?? { fetchedAt: 0 }), cover: { url, key } });
    this.#changed();
  }

  #track(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) =>
      this.#log.info(`pictures: ${errorDetail(error)}`),
    );
    this.#work.add(tracked);
    void tracked.finally(() => this.#work.delete(tracked));
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }
}
