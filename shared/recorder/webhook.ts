import * as z from 'zod';
import { isPlainObject, safeParseUnknown, type ParseResult } from '../parse';
import { RecorderTimestamp } from './timestamp';

/** A GUID as the recorder writes it (lowercase, hyphenated); any case is accepted. */
export const Guid = z
  .string()
  .regex(
    /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
    'expected a GUID',
  );

// Room numbers are positive; sizes may exceed 2^32 (still exact below 2^53).
/** A room number as the recorder sends it: a non-negative integer. */
export const RoomNumber = z.number().int().nonnegative();
const ByteCount = z.number().int().nonnegative();

/**
 * Not BililiveRecorder's: another platform's room (shared/platforms.ts), as another kind of
 * recorder's event is written into this app's journal (main/features/recorder-kinds/).
 */
const PlatformFields = {
  Platform: z.string().min(1).max(40).optional(),
  PlatformRoom: z.string().max(200).optional(),
};

/** Fields every V2 `EventData` carries; the three flags are missing before recorder 2.0.0. */
export const CommonEventData = z.looseObject({
  RoomId: RoomNumber,
  ShortId: RoomNumber.default(0),
  Name: z.string(),
  Title: z.string(),
  AreaNameParent: z.string().default(''),
  AreaNameChild: z.string().default(''),
  Recording: z.boolean().optional(),
  Streaming: z.boolean().optional(),
  DanmakuConnected: z.boolean().optional(),
  ...PlatformFields,
});
/** Common V2 event data. */
export type CommonEventData = z.infer<typeof CommonEventData>;

/** `EventData` of SessionStarted and SessionEnded. */
export const SessionEventData = CommonEventData.extend({ SessionId: Guid });
/** Session event data. */
export type SessionEventData = z.infer<typeof SessionEventData>;

/** `EventData` of FileOpening. */
export const FileOpeningData = SessionEventData.extend({
  RelativePath: z.string().min(1),
  FileOpenTime: RecorderTimestamp,
});
/** FileOpening event data. */
export type FileOpeningData = z.infer<typeof FileOpeningData>;

/** `EventData` of FileClosed; `Duration` is media seconds, 0.0 in RawData mode. */
export const FileClosedData = FileOpeningData.extend({
  FileSize: ByteCount,
  Duration: z.number().nonnegative(),
  FileCloseTime: RecorderTimestamp,
});
/** FileClosed event data. */
export type FileClosedData = z.infer<typeof FileClosedData>;

/** The V2 event types this app knows, each with its `EventData` schema. */
export const V2_EVENT_DATA = {
  SessionStarted: SessionEventData,
  SessionEnded: SessionEventData,
  FileOpening: FileOpeningData,
  FileClosed: FileClosedData,
  StreamStarted: CommonEventData,
  StreamEnded: CommonEventData,
  // Not BililiveRecorder's (it tells changes in every event's fields): a title or area change
  // another kind of recorder reports on its own (main/features/recorder-kinds/), fields only.
  RoomChanged: CommonEventData,
} as const;
/** A V2 event type this app knows. */
export type KnownEventType = keyof typeof V2_EVENT_DATA;

/** The V2 envelope before its `EventData` is checked against the event type. */
export const WebhookV2Envelope = z.looseObject({
  EventType: z.string().min(1),
  EventTimestamp: RecorderTimestamp,
  EventId: Guid,
  // Checked for being an object only: its fields are checked (and copied) once, by the schema of
  // the event type, not copied here a first time for nothing.
  EventData: z.custom<Record<string, unknown>>(isPlainObject, 'expected object'),
});

/** The flat V1 body, sent once per finished file. */
export const WebhookV1Body = z.looseObject({
  EventRandomId: Guid,
  RoomId: RoomNumber,
  Name: z.string(),
  Title: z.string(),
  RelativePath: z.string().min(1),
  FileSize: ByteCount,
  StartRecordTime: RecorderTimestamp,
  EndRecordTime: RecorderTimestamp,
  ...PlatformFields,
});
/** A V1 body. */
export type WebhookV1Body = z.infer<typeof WebhookV1Body>;

type KnownV2 = {
  [K in KnownEventType]: {
    format: 'v2';
    type: K;
    id: string;
    timestamp: string;
    data: z.infer<(typeof V2_EVENT_DATA)[K]>;
  };
}[KnownEventType];

/** A webhook the app understood: a known V2 event, an unknown V2 event type, or a V1 body. */
export type RecorderWebhook =
  | KnownV2
  | {
      format: 'v2';
      type: 'unknown';
      eventType: string;
      id: string;
      timestamp: string;
      data: Record<string, unknown>;
    }
  | { format: 'v1'; type: 'FileClosedV1'; id: string; timestamp: string; data: WebhookV1Body };

/** How a webhook is named (the event log's type column): its V2 type, `V1`, or an unknown type as sent. */
export function webhookTypeName(webhook: RecorderWebhook): string {
  if (webhook.type === 'unknown') return webhook.eventType;
  return webhook.format === 'v1' ? 'V1' : webhook.type;
}

/** The room a webhook names; undefined for an unknown type. */
export function webhookRoomId(webhook: RecorderWebhook): number | undefined {
  return webhook.type === 'unknown' ? undefined : webhook.data.RoomId;
}

function isKnownEventType(type: string): type is KnownEventType {
  return Object.hasOwn(V2_EVENT_DATA, type);
}

function prefixed(prefix: string, reasons: string[]): string[] {
  return reasons.map((r) => (r.startsWith('(root)') ? `${prefix}${r.slice(6)}` : `${prefix}.${r}`));
}

/**
 * Parses a webhook body (already JSON-decoded). A body with `EventType` is V2, one with
 * `EventRandomId` is V1; unknown V2 event types are accepted as `type: 'unknown'`.
 * Ids are lowercased so that dedupe does not depend on case.
 */
export function parseWebhook(body: unknown): ParseResult<RecorderWebhook> {
  if (!isPlainObject(body)) {
    return { ok: false, reasons: ['(root): expected a JSON object (a V2 envelope or a V1 body)'] };
  }
  if ('EventType' in body) return parseV2(body);
  if ('EventRandomId' in body) {
    const v1 = safeParseUnknown(WebhookV1Body, body);
    if (!v1.ok) return v1;
    const data = v1.value;
    const id = data.EventRandomId.toLowerCase();
    return {
      ok: true,
      value: { format: 'v1', type: 'FileClosedV1', id, timestamp: data.EndRecordTime, data },
    };
  }
  return {
    ok: false,
    reasons: ['(root): neither a V2 webhook (no EventType) nor a V1 webhook (no EventRandomId)'],
  };
}

function parseV2(body: object): ParseResult<RecorderWebhook> {
  const envelope = safeParseUnknown(WebhookV2Envelope, body);
  if (!envelope.ok) return envelope;
  const { EventType: type, EventId, EventTimestamp: timestamp, EventData } = envelope.value;
  const id = EventId.toLowerCase();
  if (!isKnownEventType(type)) {
    return {
      ok: true,
      value: { format: 'v2', type: 'unknown', eventType: type, id, timestamp, data: EventData },
    };
  }
  const data = safeParseUnknown<unknown>(V2_EVENT_DATA[type], EventData);
  if (!data.ok) return { ok: false, reasons: prefixed('EventData', data.reasons) };
  // The schema was chosen by `type`, so the data matches that member of the union.
  return { ok: true, value: { format: 'v2', type, id, timestamp, data: data.value } as KnownV2 };
}

/** The recorder's version from a `User-Agent` such as `BililiveRecorder/2.11.1`, if it is one. */
export function recorderVersionFromUserAgent(userAgent: string | undefined): string | undefined {
  const match = /^BililiveRecorder\/(\S+)/.exec(userAgent ?? '');
  return match?.[1];
}
