import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import type { RoomPictures } from '../../../../shared/model';
import { isPictureKey } from '../../../../shared/picture-key';
import { errorDetail } from '../../../core/log-text';
import { CACHE_MAX_BYTES, evictionOrder } from '../core/cache-eviction';
import { IMAGE_EXTENSION, type ImageType } from '../core/image-type';
import type { Clock, Logger } from '../../../core/ports';
import { replaceFile } from '../../../adapters/replace-file';
import { nodeCrypto } from '../../../adapters/node-crypto';

const PictureEntry = z.object({ url: z.string(), key: z.string().optional() });

/** What the cache keeps of one room: when it was fetched, and its pictures' URLs and files. */
export const RoomRecord = z.object({
  fetchedAt: z.number(),
  uname: z.string().optional(),
  face: PictureEntry.optional(),
  cover: PictureEntry.optional(),
});
/** One room's record. */
export type RoomRecord = z.infer<typeof RoomRecord>;

const CacheIndex = z.object({
  version: z.literal(1),
  rooms: z.record(z.string(), RoomRecord),
  files: z.record(z.string(), z.object({ size: z.number(), usedAt: z.number() })),
});
type CacheIndex = z.infer<typeof CacheIndex>;

/** The index's name inside the cache folder. */
export const INDEX_FILE = 'index.json';
// Rooms remembered at most (the oldest fetch goes first); far more than anyone records.
const MAX_ROOMS = 5000;

/**
 * The picture cache in the data folder (`pictures/`): checked image files named by their key
 * (`<sha1 of the source>.<type>`, shared/picture-key.ts) and `index.json` with each room's last
 * fetch and each file's size and last use. It holds at most `maxBytes`, the least recently used
 * out first. A damaged index starts the cache afresh (pictures are fetched again; nothing else
 * depends on them).
 */
export class PictureCache {
  readonly dir: string;
  readonly #clock: Clock;
  readonly #log: Logger;
  readonly #maxBytes: number;
  #index: CacheIndex;
  // What `pictures` gave per room, until the index next changes: the state asks for every room's
  // pictures at each of its snapshots (several per webhook), and they change once a day.
  readonly #pictures = new Map<number, RoomPictures | undefined>();
  #saving: Promise<void> = Promise.resolve();

  private constructor(dir: string, index: CacheIndex, clock: Clock, log: Logger, maxBytes: number) {
    this.dir = dir;
    this.#index = index;
    this.#clock = clock;
    this.#log = log;
    this.#maxBytes = maxBytes;
  }

  /** Opens (or creates) the cache in `dir`. */
  static async open(
    dir: string,
    clock: Clock,
    log: Logger,
    maxBytes = CACHE_MAX_BYTES,
  ): Promise<PictureCache> {
    let index: CacheIndex = { version: 1, rooms: {}, files: {} };
    try {
      const text = await readFile(path.join(dir, INDEX_FILE), 'utf8');
      const parsed = CacheIndex.safeParse(JSON.parse(text));
      if (parsed.success) index = parsed.data;
      else log.info(`pictures: ${INDEX_FILE} is not readable; the cache starts afresh`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        log.info(`pictures: ${INDEX_FILE}: ${errorDetail(error)}; the cache starts afresh`);
    }
    return new PictureCache(dir, index, clock, log, maxBytes);
  }

  /** A room's record (its `fetchedAt` is the mark the fetch schedule reads). */
  record(roomId: number): RoomRecord | undefined {
    return this.#index.rooms[String(roomId)];
  }

  /** Keeps a room's record (saved in the background). */
  setRoom(roomId: number, record: RoomRecord): void {
    this.#index.rooms[String(roomId)] = record;
    this.#pictures.clear();
    this.#pruneRooms();
    this.#save();
  }

  /** The file of a key, when the key is one and the cache holds it. */
  fileOf(key: string | undefined): string | undefined {
    if (key === undefined || !isPictureKey(key) || !this.#index.files[key]) return undefined;
    return path.join(this.dir, key);
  }

  /** Writes a checked image under the key of its source; returns the key. */
  async store(source: string, image: { bytes: Uint8Array; type: ImageType }): Promise<string> {
    const hash = nodeCrypto().createHash('sha1').update(source).digest('hex');
    const key = `${hash}.${IMAGE_EXTENSION[image.type]}`;
    await mkdir(this.dir, { recursive: true });
    await replaceFile(path.join(this.dir, key), image.bytes, { mode: 0o644 });
    this.#index.files[key] = { size: image.bytes.byteLength, usedAt: this.#clock() };
    this.#pictures.clear();
    await this.#evict(key);
    this.#save();
    return key;
  }

  /** A room's pictures as the model carries them (a file only where the cache holds it). */
  pictures(roomId: number): RoomPictures | undefined {
    if (this.#pictures.has(roomId)) return this.#pictures.get(roomId);
    const pictures = this.#picturesOf(roomId);
    if (this.#pictures.size >= MAX_ROOMS) this.#pictures.clear(); // rooms asked of, not only kept
    this.#pictures.set(roomId, pictures);
    return pictures;
  }

  #picturesOf(roomId: number): RoomPictures | undefined {
    const record = this.record(roomId);
    if (!record) return undefined;
    const ref = (entry: RoomRecord['face']) => {
      if (!entry) return undefined;
      const file = this.fileOf(entry.key);
      return file ? { url: entry.url, path: file } : { url: entry.url };
    };
    const face = ref(record.face);
    const cover = ref(record.cover);
    if (!face && !cover) return undefined;
    return { ...(face ? { face } : {}), ...(cover ? { cover } : {}) };
  }

  /** Resolves once every save so far is on disk. */
  flush(): Promise<void> {
    return this.#saving;
  }

  /** Evicts down to the cap, the newest file (`stored`, about to be used) last of all. */
  async #evict(stored: string): Promise<void> {
    const inUse = new Set(
      Object.values(this.#index.rooms).flatMap((room) =>
        [room.face?.key, room.cover?.key].filter((key): key is string => key !== undefined),
      ),
    );
    inUse.add(stored);
    const files = Object.entries(this.#index.files).map(([key, file]) => ({
      key,
      ...file,
      usedAt: key === stored ? Infinity : file.usedAt,
    }));
    for (const key of evictionOrder(files, this.#maxBytes, inUse)) {
      delete this.#index.files[key];
      this.#pictures.clear();
      await rm(path.join(this.dir, key), { force: true });
    }
  }

  #pruneRooms(): void {
    const entries = Object.entries(this.#index.rooms);
    if (entries.length <= MAX_ROOMS) return;
    entries.sort(([, a], [, b]) => a.fetchedAt - b.fetchedAt);
    for (const [id] of entries.slice(0, entries.length - MAX_ROOMS)) delete this.#index.rooms[id];
  }

  #save(): void {
    this.#saving = this.#saving
      .then(async () => {
        await mkdir(this.dir, { recursive: true });
        await replaceFile(path.join(this.dir, INDEX_FILE), JSON.stringify(this.#index));
      })
      .catch((error: unknown) =>
        this.#log.info(`pictures: cannot save the cache: ${errorDetail(error)}`),
      );
  }
}
