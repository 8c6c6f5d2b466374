import type * as z from 'zod';
import {
  REST_ERROR_CODE,
  RestRoom,
  RestRoomConfig,
  type RestRoom as RestRoomType,
  type RestRoomConfig as RestRoomConfigType,
} from '../../shared/recorder/rest';
import {
  parsedAnswer,
  restApiError,
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
    return this.#room('POST', id, `/${command}`, undefined, options);
  }

  /** `POST /api/room` `{roomId, autoRecord}`: adds the room (or sets auto-record of one already there). */
  async addRoom(
    roomId: number,
    autoRecord: boolean,
    options?: CallOptions,
  ): Promise<CommandResult<RestRoomType>> {
    if (!isCommandRoomId(roomId)) return outOfRange(roomId);
    const answer = await this.#client.send('POST', '/api/room', { roomId, autoRecord }, options);
    return judge(answer, RestRoom, roomId);
  }

  /** `DELETE /api/room/{id}`: the removed room. */
  removeRoom(id: number, options?: CallOptions) {
    return this.#room('DELETE', id, '', undefined, options);
  }

  /** `GET /api/room/{id}/config`. */
  getConfig(id: number, options?: CallOptions): Promise<CommandResult<RestRoomConfigType>> {
    return this.#config('GET', id, undefined, options);
  }

  /** `POST /api/room/{id}/config`: changes only the fields sent (the recorder's SetRoomConfig). */
  setConfig(
    id: number,
    changes: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<CommandResult<RestRoomConfigType>> {
    return this.#config('POST', id, changes, options);
  }

  /**
   * Sets auto-record of a room the recorder has, through its config: `POST /api/room` would add
   * the room when it is gone (removed meanwhile), which a switch must never do.
   */
  setAutoRecord(id: number, autoRecord: boolean, options?: CallOptions) {
    return this.setConfig(id, { autoRecord }, options);
  }

  async #room(
    method: RecorderMethod,
    id: number,
    suffix: string,
    body: unknown,
    options?: CallOptions,
  ): Promise<CommandResult<RestRoomType>> {
    if (!isCommandRoomId(id)) return outOfRange(id);
    const answer = await this.#client.send(method, `/api/room/${id}${suffix}`, body, options);
    return judge(answer, RestRoom, id);
  }

  async #config(
    method: RecorderMethod,
    id: number,
    body: unknown,
    options?: CallOptions,
  ): Promise<CommandResult<RestRoomConfigType>> {
    if (!isCommandRoomId(id)) return outOfRange(id);
    const answer = await this.#client.send(method, `/api/room/${id}/config`, body, options);
    return judge(answer, RestRoomConfig, id);
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
    if (code === REST_ERROR_CODE.roomNotFound)
      return {
        ok: false,
        status: 'room-not-found',
        detail: `room ${id} not found`,
        httpStatus: 404,
      };
    if (code === REST_ERROR_CODE.roomIdOutOfRange) return { ...outOfRange(id), httpStatus: 400 };
  }
  return parsedAnswer(answer, schema);
}
