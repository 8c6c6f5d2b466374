import * as z from 'zod';
import { lazySchema } from '../lazy-schema';

// biliLive-tools' "external events" (renmu123/biliLive-tools packages/shared/src/utils/
// externalEvent.ts, recorder/index.ts), read as docs/other-recorders.md#biliLive-tools says.

/** The envelope: `id` a uuid, `version` 1, `time` an ISO time. */
export const BililiveToolsEnvelope = lazySchema(() =>
  z.looseObject({
    id: z.string().min(1),
    version: z.literal(1),
    time: z.string().min(1),
    type: z.string().min(1),
    data: z.looseObject({}),
  }),
);

/** `record_start` / `record_end` data (`getRecorderExternalBase`); `roomId` is a string. */
export const BililiveToolsRecordData = lazySchema(() =>
  z.looseObject({
    roomId: z.string().min(1),
    platform: z.string(),
    title: z.string().nullish(),
    username: z.string().nullish(),
    time: z.string().nullish(),
    liveId: z.string().nullish(),
  }),
);

/** `file_created` / `file_completed` data: the path, the room, the platform only. */
export const BililiveToolsFileData = lazySchema(() =>
  z.looseObject({
    filePath: z.string().min(1),
    roomId: z.string().min(1),
    platform: z.string(),
  }),
);
