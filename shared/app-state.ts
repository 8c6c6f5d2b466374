import { z } from 'zod';
import { RoomState } from './model';
import { OpenProblem } from './problem';
import { RecorderStatus } from './recorder/connection-status';
import { Language } from './settings';

/** How the recorder's REST API answered the last poll, or 'off' (no recorder URL: webhooks only). */
export const RecorderStatusKind = z.enum([...RecorderStatus.options, 'off']);
/** A recorder connection state. */
export type RecorderStatusKind = z.infer<typeof RecorderStatusKind>;

/** The recorder connection state with a plain-words explanation in the user's language. */
export const RecorderConnection = z.object({
  status: RecorderStatusKind,
  message: z.string(),
});
/** The recorder connection state and its explanation. */
export type RecorderConnection = z.infer<typeof RecorderConnection>;

/** The webhook listener as it runs now (the URL is what the user pastes into the recorder). */
export const ListenerStatus = z.object({
  webhookUrl: z.string(),
  host: z.string(),
  port: z.number().int(),
  running: z.boolean(),
  error: z.string().optional(),
  /** Epoch ms when the last real webhook from the recorder was accepted (not test events). */
  lastWebhookAt: z.number().optional(),
});
/** The webhook listener's state. */
export type ListenerStatus = z.infer<typeof ListenerStatus>;

/** A set-up problem the app noticed (webhooks not arriving, recorder gone), worded with its fix. */
export const SetupNoticeState = z.object({
  kind: z.enum(['recorderUnreachable', 'webhooksMissing']),
  title: z.string(),
  body: z.string(),
  /** Epoch ms when the app noticed it. */
  at: z.number().optional(),
});
/** A current set-up notice. */
export type SetupNoticeState = z.infer<typeof SetupNoticeState>;

/** Everything the window and the tray show at a glance. */
export const AppState = z.object({
  rooms: z.array(RoomState),
  recorder: RecorderConnection,
  listener: ListenerStatus,
  pause: z.object({ pausedUntil: z.number().nullable() }), // epoch ms; null: not paused
  unreadCount: z.number().int().nonnegative(),
  /**
   * Trouble writing the data folder (a full disk, EIO, read-only): writes are retried and this
   * clears by itself once they work again. Absent: no trouble.
   */
  storage: z.object({ trouble: z.string().optional() }).optional(),
  language: Language, // resolved: the setting, or the system's
  /** The recording guardian's open problem episodes (tray light, Rooms badge); absent: none. */
  problems: z.array(OpenProblem).optional(),
  /** Set-up notices in force now (the window shows them as banners); absent: none known. */
  notices: z.array(SetupNoticeState).optional(),
  /** Favourite rooms (listed first, marked ★) and whether quiet hours hold popups now; absent: none. */
  attention: z
    .object({
      favourites: z.array(z.number()),
      quiet: z.boolean(),
      /** Epoch ms the quiet time in force ends (the tray looks again then). */
      quietEndsAt: z.number().optional(),
    })
    .optional(),
  /** Whether desktop popups reach the user: blocked after the system refused one; absent: unknown. */
  popups: z.object({ blocked: z.boolean(), reason: z.string().optional() }).optional(),
});
/** The app's state as shown to the user. */
export type AppState = z.infer<typeof AppState>;

/** About this copy of the app (window footer, bug reports). */
export const AppInfo = z.object({
  version: z.string(),
  platform: z.string(), // process.platform, or 'browser' for the browser preview
  dataDir: z.string(),
  logsDir: z.string(),
  /** Whether `folder:pick` can show a folder dialog (the desktop app can; a browser cannot). */
  canPickFolder: z.boolean().optional(),
  /** Settings paths fixed by a launch option (headless flags), e.g. 'listener.port': shown locked. */
  lockedSettings: z.array(z.string()).optional(),
});
/** About this copy of the app. */
export type AppInfo = z.infer<typeof AppInfo>;

/** Links the window may ask main to open; main builds the URL, the window never sends one. */
export const LinkTarget = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('liveRoom'), roomId: z.number().int().positive() }),
  z.object({ kind: z.literal('recorderUi') }),
  z.object({ kind: z.literal('recorderApi') }),
]);
/** A link the window may ask main to open. */
export type LinkTarget = z.infer<typeof LinkTarget>;

/** How long notifications stay paused; 'resume' ends a pause. */
export const PauseChoice = z.enum(['hour', 'tomorrow', 'forever', 'resume']);
/** A pause choice from the window or the tray. */
export type PauseChoice = z.infer<typeof PauseChoice>;
