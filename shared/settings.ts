import * as z from 'zod';
import { GoLiveFilters } from './go-live-filter';
import { CleanUpSettings } from './clean-up';
import { JobsSettings } from './job-rules';
import { RecorderKind } from './recorder-kind';

/** The listener's default port: next to the recorder's 2356 in spirit, clear of a second recorder on 2357. */
export const DEFAULT_LISTENER_PORT = 23560;
/** The recorder's default API address (command-line edition started with `--bind`). */
export const DEFAULT_RECORDER_URL = 'http://127.0.0.1:2356';
/** Current version of the settings file layout; see main/core/settings-migrations.ts. */
export const SETTINGS_VERSION = 3;
/** The id of the first recorder of a fresh install, and of the one a version 1 file had. */
export const DEFAULT_RECORDER_ID = 'default';

/** Languages the app speaks. */
export const Language = z.enum(['zh-CN', 'en']);
/** A UI language. */
export type Language = z.infer<typeof Language>;

/** Notification kinds a user can switch on or off, named after the recorder's events. */
export const NotifiableEvent = z.enum([
  'StreamStarted',
  'FileClosed',
  'SessionStarted',
  'SessionEnded',
  'StreamEnded',
  'RecordingProblem', // the recording guardian: a problem starts
  'ProblemResolved', // ... and ends
  'SessionReport', // a finished session's summary
  'RoomChanged', // a room's title or area changed (debounced: main/core/room-changes.ts)
]);
/** A notification kind. */
export type NotifiableEvent = z.infer<typeof NotifiableEvent>;

/** One path mapping: a prefix of the recorder's work directory → where it is on this machine. */
export const PathMapping = z.object({
  from: z.string().min(1),
  to: z.string().min(1),
});
/** A path mapping. */
export type PathMapping = z.infer<typeof PathMapping>;

const Port = z.number().int().min(0).max(65535);
const Seconds = z.number().min(0).max(86_400);

/** Thresholds of the recording guardian; times in seconds. */
export const GuardianSettings = z.object({
  enabled: z.boolean().default(true),
  notRecordingSeconds: Seconds.default(60), // live, auto-record on, not recording
  noFileSeconds: Seconds.default(60), // a session started, no file opened
  stalledSeconds: Seconds.default(60), // recording, input bytes not growing
  laggingSeconds: Seconds.default(120), // recording, durationRatio below laggingRatio
  laggingRatio: z.number().min(0).max(1).default(0.9),
  danmakuDownSeconds: Seconds.default(300), // auto-record room, chat connection down
  diskFreeGiB: z.number().min(0).default(10),
  diskRunwayHours: z.number().min(0).default(2),
  diskSampleSeconds: z.number().min(1).max(3600).default(60),
  minCoverage: z.number().min(0).max(1).default(0.95), // of a session's wall time
  gapSeconds: Seconds.default(30), // between two files of a session
  reportWaitSeconds: Seconds.default(60), // for late FileClosed after SessionEnded
  quietMinutes: z.number().min(0).max(1440).default(5), // a problem back within this: no popup
  warningMinutes: z.number().min(0).max(1440).default(10), // a log warning stays open this long
  recorderWarnings: z.boolean().default(true), // read the recorder's log (API edition)
});
/** The guardian's thresholds. */
export type GuardianSettings = z.infer<typeof GuardianSettings>;

/** A recorder's id: letters, digits and `-`; it names the recorder's webhook URL, so it stays. */
export const RecorderId = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,40}$/, 'use 1 to 40 letters, digits and - only');
/** A recorder's id. */
export type RecorderId = z.infer<typeof RecorderId>;

/** How many recorders one app watches at most (each has a poller and a webhook URL). */
export const MAX_RECORDERS = 20;

/** One recorder the app watches: its API, its rooms, and where its recordings are on this machine. */
export const RecorderSetting = z.object({
  id: RecorderId,
  /** Which recorder program it is; absent in settings written before kinds: BililiveRecorder. */
  kind: RecorderKind.default('bililive-recorder'),
  /** What the user calls it, e.g. "NAS"; '' = named by its id. */
  name: z.string().trim().max(60).default(''),
  url: z.string().default(DEFAULT_RECORDER_URL), // '' = webhooks only (the desktop edition)
  username: z.string().default(''),
  password: z.string().default(''),
  pollIntervalSeconds: z.number().min(1).max(3600).default(10),
  rooms: z.array(z.number().int().nonnegative()).default([]), // empty: every room
  unreachableNotifyAfterMinutes: z.number().min(0).default(5),
  /** The recorder's work directory as seen from here (RelativePath is relative to it). */
  recordingRoot: z.string().default(''),
  pathMappings: z.array(PathMapping).default([]),
});
/** One recorder's settings. */
export type RecorderSetting = z.infer<typeof RecorderSetting>;
const RoomNumbers = z.array(z.number().int().nonnegative());

/** A time of day, local time, as "HH:MM" (00:00–23:59). */
export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'use HH:MM, e.g. 23:00');

/**
 * Quiet hours: a daily window in the machine's local time, on the weekdays it starts on (0 =
 * Sunday); `to` at or before `from` crosses midnight; `from` = `to` is the whole day. Inside it,
 * popups are held and come as one digest at its end (main/core/quiet-hours.ts).
 */
export const QuietHoursSettings = z.object({
  enabled: z.boolean().default(false),
  from: TimeOfDay.default('23:00'),
  to: TimeOfDay.default('08:00'),
  days: z.array(z.number().int().min(0).max(6)).default([0, 1, 2, 3, 4, 5, 6]),
  letThrough: z
    .object({
      problems: z.boolean().default(true), // recording problems pop up inside the window
      favourites: z.boolean().default(false), // favourite rooms pop up inside the window
    })
    .prefault({}),
});
/** The quiet hours settings. */
export type QuietHoursSettings = z.infer<typeof QuietHoursSettings>;

/**
 * A popup's sound: `default` (the system's), `silent`, or, on macOS, the name of a system sound
 * (`Glass`, `Ping`, …) or a sound file's path (Electron's `Notification` `sound` is macOS only).
 */
export const PopupSound = z.string().trim().min(1).max(500);

/** Sounds of popups, per tier, and one switch for all. */
export const SoundSettings = z.object({
  enabled: z.boolean().default(true), // off: every popup is silent
  normal: PopupSound.default('default'),
  favourite: PopupSound.default('default'),
});
/** The sound settings. */
export type SoundSettings = z.infer<typeof SoundSettings>;

/** One push target as the settings keep it: an Apprise-style URL and its filters. */
export const PushTargetSetting = z.object({
  /** e.g. `ntfy://ntfy.sh/my-topic`; carries tokens: masked in the window, redacted in logs. */
  url: z.string().trim().min(1).max(2000),
  enabled: z.boolean().default(true),
  /** Kinds to push; empty: every kind the policy shows. */
  kinds: z.array(NotifiableEvent).default([]),
  /** Rooms to push; empty: every room. */
  rooms: z.array(z.number().int().nonnegative()).default([]),
  /** Custom title and body with {name} {title} {area} {roomId} {url} {file} {size} {duration} {problem} {recorder}; '' = the default. */
  titleTemplate: z.string().max(500).default(''),
  bodyTemplate: z.string().max(2000).default(''),
  /** Holds its pushes through quiet hours (the digest comes at the end); off: pushes at once. */
  followQuietHours: z.boolean().default(true),
});
/** A push target setting. */
export type PushTargetSetting = z.infer<typeof PushTargetSetting>;

/**
 * Updates: the desktop app asks the release feed at start and every 6 hours and downloads in the
 * background; headless mode prints an `update` line. `check: false` means never a request.
 */
export const UpdateSettings = z.object({
  check: z.boolean().default(true),
  /** A mirror of the release feed (a folder holding latest.yml…); '' = the GitHub releases. */
  feedUrl: z
    .string()
    .trim()
    .max(2000)
    .regex(/^(https?:\/\/\S+)?$/, 'an http:// or https:// URL, or empty')
    .default(''),
});
/** The update settings. */
export type UpdateSettings = z.infer<typeof UpdateSettings>;
/** bilibili's live API (the recorder has the same `LiveApiHost` setting, for mirrors). */
export const DEFAULT_LIVE_API_HOST = 'https://api.live.bilibili.com';

/** Where room pictures come from; off: no request is made. */
export const PictureSettings = z.object({
  enabled: z.boolean().default(true),
  liveApiHost: z
    .string()
    .trim()
    .regex(
      /^https?:\/\/[^\s/?#@]+\/?$/,
      'an http(s) address without a path, e.g. https://api.live.bilibili.com',
    )
    .default(DEFAULT_LIVE_API_HOST),
});
/** The pictures settings. */
export type PictureSettings = z.infer<typeof PictureSettings>;

/** Every setting of the app, with its default; the same schema reads headless `--config` files. */
export const Settings = z.object({
  version: z.number().int().default(SETTINGS_VERSION),
  language: Language.optional(), // absent: follow the system locale
  listener: z
    .object({
      host: z.string().min(1).default('127.0.0.1'),
      port: Port.default(DEFAULT_LISTENER_PORT),
      // Goes into a URL path: letters, digits and `-._~` keep it the same wherever it is pasted.
      token: z
        .string()
        .max(200)
        .regex(/^[A-Za-z0-9._~-]*$/, 'use letters, digits and - . _ ~ only')
        .default(''),
    })
    .prefault({}),
  /** The recorders this app watches; the first keeps the plain `/webhook` URL. */
  recorders: z
    .array(RecorderSetting)
    .min(1, 'keep at least one recorder')
    .max(MAX_RECORDERS)
    .superRefine((recorders, context) => {
      const seen = new Set<string>();
      recorders.forEach((recorder, index) => {
        if (seen.has(recorder.id))
          context.addIssue({
            code: 'custom',
            path: [index, 'id'],
            message: `the id "${recorder.id}" is used twice`,
          });
        seen.add(recorder.id);
      });
    })
    .default(() => [RecorderSetting.parse({ id: DEFAULT_RECORDER_ID })]),
  notifications: z
    .object({
      events: z
        .object({
          StreamStarted: z.boolean().default(true),
          FileClosed: z.boolean().default(true),
          SessionStarted: z.boolean().default(false),
          SessionEnded: z.boolean().default(false),
          StreamEnded: z.boolean().default(false),
          // Problems pop up even while paused or muted; this switch is the one that silences them.
          RecordingProblem: z.boolean().default(true),
          ProblemResolved: z.boolean().default(false), // ends are recorded; a popup only if asked
          SessionReport: z.boolean().default(false), // on: one popup per session, none per file
          RoomChanged: z.boolean().default(false), // title or area changes, one per room a minute
        })
        .prefault({}),
      mutedRooms: z.array(z.number().int().nonnegative()).default([]),
      // "Mute 1 h" on a popup: rooms muted until a time (epoch ms); expired ones go at the next mute.
      mutedRoomsUntil: z
        .array(z.object({ roomId: z.number().int().nonnegative(), until: z.number() }))
        .default([]),
      pausedUntil: z.number().nullable().default(null), // epoch ms; Infinity is stored as a far date
      // Tiers per room: favourites first in lists, their own sound; quiet rooms: history only.
      favourites: RoomNumbers.default([]),
      quietRooms: RoomNumbers.default([]),
      favouritesThroughPause: z.boolean().default(false),
      quietHours: QuietHoursSettings.prefault({}),
      // "Quiet until" from the tray (epoch ms): quiet hours now, whatever the daily window says.
      quietUntil: z.number().nullable().default(null),
      // Rooms whose title and area changes pop up (with events.RoomChanged on); empty: every room.
      roomChangeRooms: RoomNumbers.default([]),
      // Go-live popups and pushes only for titles and areas the user cares about (per room or all).
      goLiveFilters: GoLiveFilters.prefault({}),
      sounds: SoundSettings.prefault({}),
      openFileOnClick: z.boolean().default(false),
      groupWindowSeconds: z.number().min(0).max(30).default(2),
      flapMinutes: z.number().min(0).max(60).default(5),
      // Happenings recovered from the journal at start-up pop up when at most this old; older
      // ones go to the history as missed, with one summary popup.
      recoveredFreshMinutes: z.number().min(0).max(1440).default(10),
    })
    .prefault({}),
  startAtLogin: z.boolean().default(false),
  /** Desktop: keep the computer from sleeping while a recorder on this machine records (main/core/keep-awake.ts). */
  keepAwake: z.boolean().default(true),
  /** Where notifications are pushed besides the desktop (phones, chats); see shared/push.ts. */
  pushTargets: z.array(PushTargetSetting).default([]),
  guardian: GuardianSettings.prefault({}),
  updates: UpdateSettings.prefault({}),
  /** The streamer's avatar and the room's cover, from bilibili's public live API (main/features/pictures/core/). */
  pictures: PictureSettings.prefault({}),
  /** Clean-up of old recordings by age and size (shared/clean-up.ts); off by default. */
  cleanUp: CleanUpSettings.prefault({}),
  /** Acting on finished recordings: remux, danmaku, upload, move, a program (shared/job-rules.ts). */
  jobs: JobsSettings.prefault({}),
});
/** The app's settings. */
export type Settings = z.infer<typeof Settings>;
/** Settings as written in a file: any field may be left out. */
export type SettingsInput = z.input<typeof Settings>;

/** The settings a fresh install starts with. */
export function defaultSettings(): Settings {
  return Settings.parse({});
}
