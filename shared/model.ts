import * as z from 'zod';
import { PolledRoom, PolledRoomStats } from './recorder/rest';
import { PopupButton } from './popup-button';
import { ProblemCode, ProblemFacts, SessionReport } from './problem';
import { NotifiableEvent } from './settings';

/** A picture of a room from bilibili's live API: its URL and, once cached on this machine, its file. */
export const PictureRef = z.object({
  url: z.string(),
  /** The cached copy (checked image bytes); absent until downloaded. */
  path: z.string().optional(),
});
/** A picture of a room. */
export type PictureRef = z.infer<typeof PictureRef>;

/** The streamer's avatar (`face`) and the room's cover, where known. */
export const RoomPictures = z.object({
  face: PictureRef.optional(),
  cover: PictureRef.optional(),
});
/** A room's pictures. */
export type RoomPictures = z.infer<typeof RoomPictures>;

/** What the app knows of one room, merged from webhooks and polls (newest observation wins). */
export const RoomState = PolledRoom.extend({
  /** Another platform's room (shared/platforms.ts): its platform; absent: bilibili. */
  platform: z.string().optional(),
  /** ... and the platform's own key of the room. */
  platformRoom: z.string().optional(),
  /** The recorder (settings `recorders[].id`) this view of the room comes from. */
  recorderId: z.string().optional(),
  /** The streamer's avatar and the room's cover, when the pictures feature has them. */
  pictures: RoomPictures.optional(),
  /** Known only from polls. */
  autoRecord: z.boolean().optional(),
  /** Live statistics from the last poll; absent in webhooks-only mode. */
  stats: PolledRoomStats.optional(),
  /** Epoch ms of the last observation of this room. */
  updatedAt: z.number(),
});
/** One room's state. */
export type RoomState = z.infer<typeof RoomState>;

/** A recording file as the recorder reported it; `finished` once FileClosed or V1 arrived. */
export const FileRecord = z.object({
  roomId: z.number(),
  /** The recorder that wrote the file (settings `recorders[].id`). */
  recorderId: z.string().optional(),
  sessionId: z.string().optional(),
  relativePath: z.string(),
  name: z.string(), // streamer name at the time
  /** Another platform's room (shared/platforms.ts); absent: bilibili. */
  platform: z.string().optional(),
  platformRoom: z.string().optional(),
  title: z.string(),
  fileSize: z.number().optional(),
  durationSeconds: z.number().optional(), // media seconds; 0 in RawData mode
  openedAt: z.string().optional(), // raw recorder timestamps
  closedAt: z.string().optional(),
  finished: z.boolean(),
});
/** A recording file. */
export type FileRecord = z.infer<typeof FileRecord>;

/** What a click on a notification does. Paths are resolved and checked before they get here. */
export const NotificationAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('openUrl'), url: z.string() }),
  z.object({ kind: z.literal('showFile'), path: z.string() }),
  z.object({ kind: z.literal('openFile'), path: z.string() }),
  z.object({
    kind: z.literal('openWindow'),
    /** Open the Notifications view showing this span (epoch ms, `to` excluded): a digest's click. */
    span: z.object({ from: z.number(), to: z.number() }).optional(),
  }),
]);
/** A notification's click action. */
export type NotificationAction = z.infer<typeof NotificationAction>;

/** What a notification is about: a switchable kind, or the digest at the end of quiet hours. */
export const NotificationEvent = z.enum([
  ...NotifiableEvent.options,
  'QuietHoursDigest',
  'JobDone', // a job acting on a recording finished (a popup only with actions.notifyDone)
  'JobFailed', // ... or failed, with the tool's words
  'PhoneCommand', // a command taken from a phone (issue 43): a history row, never a popup or push
]);
/** A notification's event. */
export type NotificationEvent = z.infer<typeof NotificationEvent>;

/** One happening a summary notification stands for. */
export const NotificationItem = z.object({
  event: NotificationEvent,
  recorderId: z.string().optional(),
  roomId: z.number(),
  problem: ProblemCode.optional(),
});
/** One happening of a summary. */
export type NotificationItem = z.infer<typeof NotificationItem>;

/** The digest of what quiet hours held: the span and how many of each kind. */
export const QuietDigest = z.object({
  from: z.number(),
  to: z.number(),
  counts: z.partialRecord(NotifiableEvent, z.number().int().nonnegative()),
});
/** A quiet hours digest. */
export type QuietDigest = z.infer<typeof QuietDigest>;

/** A notification the app shows (or would have shown), in the user's language. */
export const AppNotification = z.object({
  id: z.string(),
  event: NotificationEvent,
  roomIds: z.array(z.number()),
  /** The recorders the happenings came from (settings `recorders[].id`), in order of roomIds. */
  recorderIds: z.array(z.string()).optional(),
  /** The room's avatar and cover (a single room's notification), when known. */
  pictures: RoomPictures.optional(),
  /** A summary of several: each happening it stands for (kind, recorder, room, problem code). */
  items: z.array(NotificationItem).optional(),
  title: z.string(),
  body: z.string(),
  action: NotificationAction.optional(),
  /** Epoch ms when the app decided on it. */
  createdAt: z.number(),
  /** Groups popups per room where the platform supports it. */
  tag: z.string().optional(),
  /** How this notification's room is named in a summary of several. */
  summaryName: z.string().optional(),
  /**
   * The happening's key (journal seq and kind, core/recovery.ts), when a journaled webhook
   * revealed it: a recovery run never records its decision twice.
   */
  key: z.string().optional(),
  /** Buttons of the popup and of the history row, by id (shared/popup-button.ts); absent: none. */
  buttons: z.array(PopupButton).optional(),
  /** RecordingProblem / ProblemResolved: which problem (the guardian's code). */
  problem: ProblemCode.optional(),
  problemFacts: ProblemFacts.optional(),
  /** SessionReport: the session's summary. */
  report: SessionReport.optional(),
  /**
   * A single room's notification: the values of push templates' placeholders (name, title, area,
   * file, size, duration); see notificationFacts in main/core/notification-text.ts.
   */
  facts: z.record(z.string(), z.string()).optional(),
  /** No sound (a quiet tier, sounds off); absent: the OS's default sound. */
  silent: z.boolean().optional(),
  /** macOS: the system sound's name or a sound file to play (Electron `Notification` `sound`). */
  sound: z.string().optional(),
  /** QuietHoursDigest: what the quiet time held. */
  digest: QuietDigest.optional(),
});
/** A notification. */
export type AppNotification = z.infer<typeof AppNotification>;

/** A user-visible event name from the recorder, or an unknown one kept as sent. */
export const EventLogEntry = z.object({
  /** The event log's own number for it (not the seq of a delivery): what a replay names. */
  entryId: z.number(),
  receivedAt: z.number(),
  source: z.enum(['webhook', 'poll', 'test', 'replay']),
  eventType: z.string(),
  eventId: z.string(),
  roomId: z.number().optional(),
  duplicate: z.boolean(),
  userAgent: z.string().optional(),
  body: z.unknown(),
});
/** One raw event as received. */
export type EventLogEntry = z.infer<typeof EventLogEntry>;
