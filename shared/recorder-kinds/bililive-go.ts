import * as z from 'zod';
import { lazySchema } from '../lazy-schema';

// bililive-go's Server-Sent Events (bililive-go/bililive-go src/servers/sse.go: SSEMessage;
// src/pipeline/types.go: PipelineTask; src/live/info.go: Info.MarshalJSON), read as
// docs/other-recorders.md#bililive-go says.

/** One SSE frame's data: `{type, room_id, data}`; `room_id` is bililive-go's own id of the room. */
export const BililiveGoFrame = lazySchema(() =>
  z.looseObject({
    type: z.string().min(1),
    room_id: z.string().min(1),
    data: z.looseObject({}),
  }),
);

/** `GET /api/lives/{id}`: the room behind bililive-go's id. */
export const BililiveGoLive = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    live_url: z.string(),
    platform_cn_name: z.string().default(''),
    host_name: z.string().default(''),
    room_name: z.string().default(''),
    last_start_time_unix: z.number().int().nonnegative().default(0),
  }),
);
/** A bililive-go room. */
export type BililiveGoLive = z.infer<ReturnType<typeof BililiveGoLive>>;

/**
 * What this app's stream reader hands its listener for one frame: the frame and the room its id
 * names (bililive-go's frames carry no names, so the reader asks `/api/lives/{id}`).
 */
export const BililiveGoRelayed = lazySchema(() =>
  z.looseObject({ frame: BililiveGoFrame(), live: BililiveGoLive() }),
);

/** `live_update` data: the event and its time (seconds). */
export const BililiveGoLiveUpdate = lazySchema(() =>
  z.looseObject({
    event_type: z.string(),
    timestamp: z.number().int(),
  }),
);

/** `pipeline_task_update` data: a task, its status and its first files. */
export const BililiveGoTask = lazySchema(() =>
  z.looseObject({
    id: z.number().int(),
    status: z.string(),
    initial_files: z
      .array(z.looseObject({ path: z.string().min(1), type: z.string() }))
      .nullish()
      .transform((files) => files ?? []),
  }),
);
