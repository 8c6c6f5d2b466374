import * as z from 'zod';
import { AppInfo, AppState, LinkTarget, PauseChoice, RecorderStatusKind } from './app-state';
import type { CallChannel, EventChannel } from './ipc-channels';
import { JobRule, JobTools } from './job-rules';
import {
  HistoryFile,
  HistoryNotification,
  HistoryQuery,
  HistoryRemoval,
  historyPage,
} from './history';
import { Job, JobStatus, ToolCheck } from './jobs';
import { EventLogEntry } from './model';
import { PopupButton } from './popup-button';
import { RoomTier } from './room-tier';
import { WindowTarget } from './window-target';
import { safeParseUnknown, type ParseResult } from './parse';
import { PhoneStatus, PushRecord, PushTestResult } from './push';
import { CleanUpPreview, CleanUpSettings } from './clean-up';
import { WebhooksPointHere } from './recorder/global-config';
import { Settings } from './settings';
import { SettingsPatch } from './settings-patch';

/** A finished file as the window lists it: the history record and whether it is still on disk. */
export const HistoryFileItem = HistoryFile.extend({
  /** false: the file is gone (or not there yet); absent: no recording root to look in. */
  exists: z.boolean().optional(),
});
/** A finished file as the window lists it. */
export type HistoryFileItem = z.infer<typeof HistoryFileItem>;
/** A query of one history list (newest first, paged, by room and text); sent with all fields optional. */
export const HistoryQueryRequest = HistoryQuery.strict();

/** Calls that take no argument accept nothing, `null` or `{}` (HTTP bodies vary). */
const NoArgs = z.union([z.undefined(), z.null(), z.strictObject({})]);

/** What a call from the window or the tray did; `message` explains a refusal in plain words. */
export const CallResult = z.object({ ok: z.boolean(), message: z.string().optional() });
/** The outcome of a call. */
export type CallResult = z.infer<typeof CallResult>;

/** A recorder named by a call (settings `recorders[].id`). */
const CallRecorderId = z.string().min(1).max(40);

/** A file the window points at by room and recorder path; main resolves and checks it. */
const FileRef = z.strictObject({
  roomId: z.number().int().nonnegative(),
  /** The recorder that wrote it (its recording root and path mappings); absent: the first. */
  recorderId: CallRecorderId.optional(),
  relativePath: z.string().min(1).max(4096),
});

/** A job named by a call. */
const JobId = z.string().min(1).max(100);

/** A room of the recorder a command names: 1 … Int32 max (the recorder's `{roomId:int}` routes). */
const CommandRoomId = z.number().int().min(1).max(2_147_483_647);

/** Every window→main call: channel → request and response schemas. */
export const CALLS = {
  'state:get': { request: NoArgs, response: AppState },
  'settings:get': { request: NoArgs, response: Settings },
  'settings:update': {
    request: SettingsPatch,
    response: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), settings: Settings }),
      z.object({ ok: z.literal(false), errors: z.array(z.string()) }), // `path: message`
    ]),
  },
  'history:files': { request: HistoryQueryRequest, response: historyPage(HistoryFileItem) },
  'history:notifications': {
    request: HistoryQueryRequest,
    response: historyPage(HistoryNotification),
  },
  'eventLog:page': { request: HistoryQueryRequest, response: historyPage(EventLogEntry) },
  'history:markRead': {
    request: z.strictObject({ id: z.string().min(1).optional() }), // no id: all
    response: z.object({ unreadCount: z.number().int().nonnegative() }),
  },
  'file:open': { request: FileRef, response: CallResult },
  'file:showInFolder': { request: FileRef, response: CallResult },
  'link:open': { request: LinkTarget, response: CallResult },
  'eventLog:replay': {
    request: z.strictObject({ entryId: z.number().int().nonnegative() }),
    response: CallResult,
  },
  'test:sendEvent': {
    request: z.strictObject({ kind: z.enum(['StreamStarted', 'FileClosed']) }),
    response: CallResult,
  },
  'recorder:check': {
    // No recorder named: the first.
    request: z.union([NoArgs, z.strictObject({ recorderId: CallRecorderId })]),
    response: z.object({
      status: RecorderStatusKind,
      message: z.string(),
      version: z.string().nullable(),
      /** Whether the recorder's V2 webhook list holds this app's URL (`unknown`: no API to ask). */
      webhooks: WebhooksPointHere,
    }),
  },
  /**
   * Connects a recorder in one click (command-line / Docker edition): adds this app's webhook URL
   * to the recorder's V2 list through its global settings, keeping every URL there.
   */
  'recorder:connect': {
    // A recorder's id in the settings: letters, digits and `-`.
    request: z.strictObject({ recorderId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) }),
    response: z.object({ ok: z.boolean(), message: z.string(), webhooks: WebhooksPointHere }),
  },
  'notifications:pause': {
    request: z.strictObject({ until: PauseChoice }),
    response: z.object({ pausedUntil: z.number().nullable() }),
  },
  'app:info': { request: NoArgs, response: AppInfo },
  'folder:pick': {
    request: z.strictObject({ current: z.string().max(4096).optional() }),
    // null: cancelled; supported false: no folder dialog here (the browser preview).
    response: z.object({ path: z.string().nullable(), supported: z.boolean() }),
  },
  /** Sends a real test message to a push target URL; says in plain words what the service answered. */
  'push:test': {
    request: z.strictObject({ url: z.string().trim().min(1).max(2000) }),
    response: PushTestResult,
  },
  /** The last push to each target since the app started, in the order of `pushTargets`. */
  'push:status': {
    request: NoArgs,
    response: z.object({
      targets: z.array(
        z.object({
          last: PushRecord.optional(),
          /** A target that takes commands: its bot's connection and the last command. */
          phone: PhoneStatus.optional(),
        }),
      ),
    }),
  },
  /** Sends the commands list to the chats of a target that takes commands ("send me the list"). */
  'push:sendCommands': {
    request: z.strictObject({ url: z.string().trim().min(1).max(2000) }),
    response: CallResult,
  },
  /** A target URL with the random secrets its commands need made where missing (issue 43). */
  'push:makeSecrets': {
    request: z.strictObject({ url: z.string().trim().min(1).max(2000) }),
    response: z.object({ url: z.string() }),
  },
  'room:command': {
    request: z.strictObject({
      roomId: CommandRoomId,
      command: z.enum(['start', 'stop', 'split', 'refresh']),
      // Needed only where several recorders have the room (a hot standby).
      recorderId: CallRecorderId.optional(),
    }),
    response: CallResult,
  },
  'room:add': {
    request: z.strictObject({
      roomId: CommandRoomId,
      autoRecord: z.boolean(),
      // Where several recorders have an API, the one to add the room to.
      recorderId: CallRecorderId.optional(),
    }),
    response: CallResult,
  },
  'room:remove': {
    request: z.strictObject({ roomId: CommandRoomId, recorderId: CallRecorderId.optional() }),
    response: CallResult,
  },
  'room:setAutoRecord': {
    request: z.strictObject({
      roomId: CommandRoomId,
      autoRecord: z.boolean(),
      recorderId: CallRecorderId.optional(),
    }),
    response: CallResult,
  },
  /** Runs one button of a notification in the history (the popup's, or the history row's). */
  'notification:act': {
    request: z.strictObject({ id: z.string().min(1).max(200), button: PopupButton }),
    response: CallResult,
  },
  /** Sets a room's tier (favourite, normal, quiet): the Rooms view's row. */
  'room:setTier': {
    request: z.strictObject({ roomId: CommandRoomId, tier: RoomTier }),
    response: CallResult,
  },
  /** Quiet hours now, until an hour from now or the next 08:00 ("off" ends them). */
  'notifications:quietUntil': {
    request: z.strictObject({ until: z.enum(['hour', 'morning', 'off']) }),
    response: z.object({ quietUntil: z.number().nullable() }),
  },
  /**
   * What a clean-up pass would remove now, per rule: the saved `cleanUp` settings, or the ones
   * sent (the window's form before it saves). Removes nothing.
   */
  'cleanUp:preview': {
    request: z.union([NoArgs, z.strictObject({ cleanUp: CleanUpSettings })]),
    response: CleanUpPreview,
  },
  /** The recordings the clean-up removed, newest first (room and text filter the list). */
  'history:removals': { request: HistoryQueryRequest, response: historyPage(HistoryRemoval) },
  /** The jobs, newest first (the Jobs view); `status` narrows to some states. */
  'jobs:list': {
    request: z.union([NoArgs, z.strictObject({ status: z.array(JobStatus).optional() })]),
    response: z.object({ jobs: z.array(Job) }),
  },
  /** Runs a failed or cancelled job again from the step it stopped at. */
  'jobs:retry': { request: z.strictObject({ id: JobId }), response: CallResult },
  /** Cancels a queued or running job (a running step's process tree is stopped). */
  'jobs:cancel': { request: z.strictObject({ id: JobId }), response: CallResult },
  /**
   * Which tools are found, where, and their version line: the settings' `jobs.tools`, or
   * `tools` as drafted in the window (not saved yet); absent ones are looked up on PATH.
   */
  'jobs:checkTools': {
    request: z.union([NoArgs, z.strictObject({ tools: JobTools })]),
    response: z.object({ tools: z.array(ToolCheck) }),
  },
  /**
   * Runs a rule (saved, by id; or a draft from the window) on the newest finished file whose
   * path resolves under its recorder's recording root; answers the job's id.
   */
  'jobs:tryOnLastFile': {
    request: z.union([
      z.strictObject({ ruleId: z.string().min(1).max(40) }),
      z.strictObject({ rule: JobRule }),
    ]),
    response: CallResult.extend({ jobId: z.string().optional() }),
  },
} as const satisfies Record<CallChannel, { request: z.ZodType; response: z.ZodType }>;

/** Every main→window event: channel → payload schema. */
export const EVENTS = {
  'state:changed': { payload: AppState },
  'notification:added': { payload: HistoryNotification },
  /**
   * A finished file's row was committed to the Files list (readable by `history:files` from now):
   * the Files list's cue to read its page again, whether or not the file got a notification.
   */
  'files:changed': { payload: HistoryFileItem },
  /** A click opened the window onto a place in it (a quiet hours digest: its span). */
  'window:show': { payload: WindowTarget },
  /** A job was added or changed (status, step, progress, output lines): the Jobs view follows it. */
  'jobs:changed': { payload: Job },
} as const satisfies Record<EventChannel, { payload: z.ZodType }>;

export { CALL_CHANNELS, EVENT_CHANNELS, isCallChannel, isEventChannel } from './ipc-channels';
export type { CallChannel, EventChannel } from './ipc-channels';
/** What a handler receives for a call (after parsing). */
export type CallRequest<C extends CallChannel> = z.output<(typeof CALLS)[C]['request']>;
/** What a handler returns for a call. */
export type CallResponse<C extends CallChannel> = z.output<(typeof CALLS)[C]['response']>;
/** What an event carries. */
export type EventPayload<E extends EventChannel> = z.output<(typeof EVENTS)[E]['payload']>;

/** The app service: one async function per call; served over Electron IPC and the HTTP bridge. */
export type ContractHandlers = {
  [C in CallChannel]: (request: CallRequest<C>) => Promise<CallResponse<C>>;
};

/** Parses an untrusted request for a call; failures list `path: message`. */
export function parseCallRequest<C extends CallChannel>(
  channel: C,
  data: unknown,
): ParseResult<CallRequest<C>> {
  return parseWith(CALLS[channel].request, data);
}

/** Checks a handler's response against the contract (development builds and tests). */
export function parseCallResponse<C extends CallChannel>(
  channel: C,
  data: unknown,
): ParseResult<CallResponse<C>> {
  return parseWith(CALLS[channel].response, data);
}

/** Parses an event payload (the preload and the browser bridge's client check what main sends). */
export function parseEventPayload<E extends EventChannel>(
  event: E,
  data: unknown,
): ParseResult<EventPayload<E>> {
  return parseWith(EVENTS[event].payload, data);
}

// The map's value for a generic channel is a union TypeScript cannot narrow: the cast restores
// the type the channel's schema stands for.
function parseWith<T>(schema: z.ZodType, data: unknown): ParseResult<T> {
  return safeParseUnknown(schema, data) as ParseResult<T>;
}
