import * as z from 'zod';
import { lazySchema } from '../lazy-schema';

// blrec's events as it posts them (acgnhiki/blrec src/blrec/event/models.py, bili/models.py),
// read as docs/other-recorders.md#blrec says. Objects are loose: blrec sends more than is read.

/** blrec's `room_info` (`bili/models.py` RoomInfo): the fields this app reads. */
export const BlrecRoomInfo = lazySchema(() =>
  z.looseObject({
    room_id: z.number().int().nonnegative(),
    short_room_id: z.number().int().nonnegative().default(0),
    title: z.string(),
    area_name: z.string().default(''),
    parent_area_name: z.string().default(''),
    /** Seconds since the epoch; 0 when the room is not live. */
    live_start_time: z.number().int().nonnegative().default(0),
    /** 0 preparing, 1 live, 2 round (replays). */
    live_status: z.number().int().optional(),
  }),
);
/** blrec's room info. */
export type BlrecRoomInfo = z.infer<ReturnType<typeof BlrecRoomInfo>>;

/** blrec's `user_info`: the streamer. */
export const BlrecUserInfo = lazySchema(() =>
  z.looseObject({ name: z.string(), uid: z.number().int() }),
);

/** The envelope of every blrec event: `id` a uuid1, `date` Python's `str(datetime)` in UTC+8. */
export const BlrecEnvelope = lazySchema(() =>
  z.looseObject({
    type: z.string().min(1),
    id: z.string().min(1),
    date: z.string().min(1),
    data: z.looseObject({}),
  }),
);

/** `LiveBeganEvent` / `LiveEndedEvent` data. */
export const BlrecLiveData = lazySchema(() =>
  z.looseObject({ user_info: BlrecUserInfo(), room_info: BlrecRoomInfo() }),
);
/** `RoomChangeEvent` and `Recording{Started,Finished,Cancelled}Event` data. */
export const BlrecRoomData = lazySchema(() => z.looseObject({ room_info: BlrecRoomInfo() }));
/** Data of the file events (`VideoFileCompletedEvent`, `VideoPostprocessingCompletedEvent`, …). */
export const BlrecFileData = lazySchema(() =>
  z.looseObject({
    room_id: z.number().int().nonnegative(),
    path: z.string().min(1),
  }),
);
/** `SpaceNoEnoughEvent` data (`disk_space/space_monitor.py` DiskUsage in `usage`). */
export const BlrecSpaceData = lazySchema(() =>
  z.looseObject({
    path: z.string(),
    threshold: z.number(),
    usage: z.looseObject({ total: z.number(), used: z.number(), free: z.number() }),
  }),
);
/** `Error` data: the exception's class name and its formatted trace. */
export const BlrecErrorData = lazySchema(() =>
  z.looseObject({ name: z.string(), detail: z.string() }),
);
