import type * as z from 'zod';
import { REST_ERROR_CODE, RestRoom, RestRoomConfig } from '../../shared/recorder/rest';
import {
  parsedAnswer,
  restApiError,
  roomNotFound,
  type Answer,
  type CallOptions,
  type RecorderClient,
  type RecorderFailure,
  type RecorderMethod,
} from './recorder-client';

/** The room commands of `POST /api/room/{id}/…`. */
export type RoomCommand = 'start' | 'stop' | 'split' | 'refresh';

/** The recorder refused a command for the room itself: it has no such room, or the id is ≤ 0. */
export interface RoomRefusal {
  ok: false;
  status: 'room-not-found' | 'room-id-out-of-range';
  detail: string;
  httpStatus?: number;
}

/** The outcome of a command: the recorder's answer, a refusal of the room, or a failure. */
export type CommandResult<T> = { ok: true; value: T } | RoomRefusal | RecorderFailure;

// The recorder's `{roomId:int}` routes take an Int32; beyond it the route does not match at all
// (an HTML 404), and `0` finds the first room without a short id (RoomController.FetchRoom), so a
// command for room 0 would act on some other room: both are refused before sending.
const MAX_ROOM_ID = 2_147_483_647;

/** Whether a number can name a room in a command (1 … Int32 max). */
export function isCommandRoomId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ROOM_ID;
}

const outOfRange = (id: number): RoomRefusal => ({
  ok: false,
  status: 'room-id-out-of-range',
  detail: `room id ${id} is out of range`,
});

/**
 * The recorder's room commands (command-line / Docker edition): start, stop, split, refresh, add,
 * remove, auto-record, config. Answers are parsed as RoomDto / RoomConfigDto; the recorder's
 * `RestApiError` becomes a refusal (404 code -4: no such room; 400 code -2: id out of range).
 */
export class RecorderCommands {
  readonly #client: RecorderClient;

  constructor(client: RecorderClient) {
    this.#client = client;
  }

  /** `POST /api/room/{id}/start|stop|split|refresh`: the room as the recorder now has it. */
  command(id: number, command: RoomCommand, options?: CallOptions) {
    return this.#send('POST', id, `/api/room/${id}/${command}`, RestRoom, undefined, options);
  }

  /** `POST /api/room` `{roomId, autoRecord}`: adds the room (or sets auto-record of one already there). */
  addRoom(roomId: number, autoRecord: boolean, options?: CallOptions) {
    return this.#send('POST', roomId, '/api/room', RestRoom, { roomId, autoRecord }, options);
  }

  /** `DELETE /api/room/{id}`: the removed room. */
  removeRoom(id: number, options?: CallOptions) {
    return this.#send('DELETE', id, `/api/room/${id}`, RestRoom, undefined, options);
  }

  /** `GET /api/room/{id}/config`. */
  getConfig(id: number, options?: CallOptions) {
    return this.#send('GET', id, `/api/room/${id}/config`, RestRoomConfig, undefined, options);
  }

  /** `POST /api/room/{id}/config`: changes only the fields sent (the recorder's SetRoomConfig). */
  setConfig(id: number, changes: Record<string, unknown>, options?: CallOptions) {
    return this.#send('POST', id, `/api/room/${id}/config`, RestRoomConfig, changes, options);
  }

  /**
   * Sets auto-record of a room the recorder has, through its config: `POST /api/room` would add
   * the room when it is gone (removed meanwhile), which a switch must never do.
   */
  setAutoRecord(id: number, autoRecord: boolean, options?: CallOptions) {
    return this.setConfig(id, { autoRecord }, options);
  }

  /** One command for room `id` (refused before sending when the id cannot name a room). */
  async #send<S extends z.ZodType>(
    method: RecorderMethod,
    id: number,
    path: string,
    schema: S,
    body: unknown,
    options?: CallOptions,
  ): Promise<CommandResult<z.output<S>>> {
    if (!isCommandRoomId(id)) return outOfRange(id);
    return judge(await this.#client.send(method, path, body, options), schema, id);
  }
}

function judge<S extends z.ZodType>(
  answer: Answer,
  schema: S,
  id: number,
): CommandResult<z.output<S>> {
  if (answer.kind === 'failure') return answer.failure;
  if (answer.status === 404 || answer.status === 400) {
    const code = restApiError(answer)?.code;
    if (code === REST_ERROR_CODE.roomNotFound) return roomNotFound(id);
    if (code === REST_ERROR_CODE.roomIdOutOfRange) return { ...outOfRange(id), httpStatus: 400 };
  }
  return parsedAnswer(answer, schema);
}
