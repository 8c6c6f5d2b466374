import * as z from 'zod';

// bilibili's numbers are numbers, but tolerate "123" as well: a mirror may differ.
const Id = z.coerce.number().int().nonnegative();
const Text = z.string().catch('');

/**
 * One room in `data.by_room_ids` of `GET /xlive/web-room/v1/index/getRoomBaseInfo?req_biz=
 * web_room_componet&room_ids=…` (documented in
 * https://github.com/SocialSisterYi/bilibili-API-collect/blob/master/docs/live/info.md): keyed by the long room number; `cover` is the room's cover, `uname` the
 * streamer. It carries no avatar: that comes from `get_status_info_by_uids` by `uid`.
 */
export const BaseRoomInfo = z.looseObject({
  room_id: Id,
  uid: Id.optional(),
  short_id: Id.optional(),
  uname: Text.optional(),
  title: Text.optional(),
  cover: Text.optional(),
  area_name: Text.optional(),
  parent_area_name: Text.optional(),
  live_status: z.number().optional().catch(undefined),
});
/** One room's base info. */
export type BaseRoomInfo = z.infer<typeof BaseRoomInfo>;

/** The whole answer: `{code, message, data: {by_room_ids: {"<id>": …}, by_uids: {}}}`. */
export const RoomBaseInfoAnswer = z.looseObject({
  code: z.number(),
  message: z.string().optional(),
  data: z
    .looseObject({ by_room_ids: z.record(z.string(), z.unknown()).optional().catch(undefined) })
    .nullable()
    .optional()
    .catch(undefined),
});

/**
 * One streamer in `data["<uid>"]` of `GET /room/v1/Room/get_status_info_by_uids?uids[]=…`
 * (same documentation): `face` is the avatar, `area_v2_name` the area.
 */
export const UidStatusInfo = z.looseObject({
  uid: Id,
  room_id: Id.optional(),
  face: Text.optional(),
  uname: Text.optional(),
  area_v2_name: Text.optional(),
});

/** The whole answer: `{code, msg, message, data: {"<uid>": …}}` (`data` may be `[]` when empty). */
export const UidStatusAnswer = z.looseObject({
  code: z.number(),
  message: z.string().optional(),
  data: z
    .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .nullable()
    .optional()
    .catch(undefined),
});
