import * as z from 'zod';
import { lazySchema } from '../lazy-schema';

// DDTV5's operation-log records as its webhook posts them (CHKZL/DDTV Core/LogModule/
// OperationQueue.cs, Opcode.cs, Core/RuntimeObject/RoomInfo.cs serialized by Newtonsoft.Json, so
// property names as in C#), read as docs/other-recorders.md#ddtv5 says.

/** A value DDTV wraps with its expiry: `{Value, ExpirationTime}` (only `Value` is sent). */
const Wrapped = <T extends z.ZodType>(value: T) => z.looseObject({ Value: value });

/** The room card's download info: the session's start and its files. */
export const DdtvDownInfo = lazySchema(() =>
  z.looseObject({
    DownloadSize: z.number().nonnegative().default(0),
    StartTime: z.string().default(''),
    EndTime: z.string().default(''),
    DownloadFileList: z
      .looseObject({
        VideoFile: z.array(z.string()).default([]),
        DanmuFile: z.array(z.string()).default([]),
        CurrentOperationVideoFile: z.string().nullish(),
      })
      .prefault({}),
  }),
);

/** The room card (`RoomCardClass`) every record carries as `data`. */
export const DdtvRoomCard = lazySchema(() =>
  z.looseObject({
    Name: z.string(),
    RoomId: z.number().int(),
    UID: z.number().int(),
    Title: Wrapped(z.string()).optional(),
    live_time: Wrapped(z.number()).optional(),
    short_id: Wrapped(z.number()).optional(),
    area_v2_name: Wrapped(z.string()).optional(),
    area_v2_parent_name: Wrapped(z.string()).optional(),
    DownInfo: DdtvDownInfo().prefault({}),
  }),
);
/** A DDTV room card. */
export type DdtvRoomCard = z.infer<ReturnType<typeof DdtvRoomCard>>;

/** The envelope: `cmd` the opcode's name, `code` its number, `data` a room card or null. */
export const DdtvEnvelope = lazySchema(() =>
  z.looseObject({
    cmd: z.string().min(1),
    code: z.number().int(),
    data: z.unknown(),
    message: z.string().nullish(),
  }),
);

/** The opcodes this app reads (`Core/LogModule/Opcode.cs`), by name with their numbers. */
export const DDTV_OPCODES = {
  InvalidLoginStatus: 30106,
  SaveBulletScreenFile: 40101,
  StartLiveEvent: 40102,
  StartBroadcastingReminder: 40103,
  StartRecording: 40104,
  RecordingEnd: 40105,
  StopLiveEvent: 40106,
  Reconnect: 40107,
  EndBroadcastingReminder: 40110,
  UpdateDetect: 10106,
} as const;
