import * as z from 'zod';
import { JobCounts } from './jobs';
import { RoomState } from './model';
import { OpenProblem } from './problem';
import { RecorderStatus } from './recorder/connection-status';
import { RecorderKind } from './recorder-kind';
import { WebhooksPointHere } from './recorder/global-config';
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

/** One recorder as the window and the tray show it: its name, connection and webhook URL. */
export const RecorderView = RecorderConnection.extend({
  id: z.string(),
  /** What the user calls it (its id when unnamed). */
  name: z.string(),
  /** Its API address; '' = webhooks only. */
  url: z.string(),
  /** Which program it is (shared/kind-abilities.ts says what each can be told); absent: BililiveRecorder. */
  kind: RecorderKind.optional(),
  /** The URL to paste into this recorder's webhook setting (each recorder has its own). */
  webhookUrl: z.string(),
  /** 'unknown' until read from the recorder (and always for the desktop edition: no API). */
  webhooks: WebhooksPointHere,
  /** Epoch ms of the last real webhook from this recorder. */
  lastWebhookAt: z.number().optional(),
});
/** One recorder's view. */
export type RecorderView = z.infer<typeof RecorderView>;

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
  /** Every room of every recorder; a room on two recorders is listed once per recorder. */
  rooms: z.array(RoomState),
  /** The recorders' connection as one light: the first that is not ok, else the first's. */
  recorder: RecorderConnection,
  /** Each recorder, in the order of the settings. */
  recorders: z.array(RecorderView),
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
  /**
   * A newer version for the user (the desktop app's updater): its version and release notes as
   * plain text; `action` how it is taken: downloaded and installed on restart (absent, `restart`),
   * downloaded and installed only when chosen (`install`, a .deb), or offered as a download
   * (`download`, an ad-hoc signed Mac build); `failed`: why the last try to install it failed (the
   * app came back as it was). Absent: none ready.
   */
  update: z
    .object({
      version: z.string(),
      notes: z.string(),
      action: z.enum(['restart', 'install', 'download']).optional(),
      failed: z.string().optional(),
    })
    .optional(),
  /** Jobs acting on recordings, by state (the tray's tooltip counts running ones); absent: none. */
  jobs: JobCounts.optional(),
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
  z.object({ kind: z.literal('recorderUi'), recorderId: z.string().max(40).optional() }),
  z.object({ kind: z.literal('recorderApi'), recorderId: z.string().max(40).optional() }),
]);
/** A link the window may ask main to open. */
export type LinkTarget = z.infer<typeof LinkTarget>;

/** How long notifications stay paused; 'resume' ends a pause. */
export const PauseChoice = z.enum(['hour', 'tomorrow', 'forever', 'resume']);
/** A pause choice from the window or the tray. */
export type PauseChoice = z.infer<typeof PauseChoice>;
