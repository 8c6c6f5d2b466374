import type { HistoryNotification } from '../../../../shared/history';
import { PUSH_TEMPLATES } from '../../../../shared/i18n/push-text';
import type { PushTargetSetting } from '../../../../shared/push';
import type { RoomPictures } from '../../../../shared/model';
import type { PopupButton } from '../../../../shared/popup-button';
import type { Language } from '../../../../shared/settings';
import type { FileHandOff } from './file-hand-off';
import { roomPageUrl } from '../../../core/links';
import { platformName, roomLabel } from '../../../../shared/platforms';

/** What a push carries: a title, a body and where a click leads (the live room, never a file). */
export interface PushMessage {
  title: string;
  body: string;
  click?: string;
  /** The streamer's avatar and the room's cover, for services that show a picture. */
  pictures?: RoomPictures;
  /** The language the push is written in (labels a service adds follow it). */
  language?: Language;
  /**
   * A single room's facts, for a service that lays them out (email): name, title, area, file,
   * size, duration and the room's url (see notificationFacts, main/core/notification-text.ts); a missing one is unknown.
   */
  facts?: Record<string, string>;
  /** The streamer's avatar, an https URL the phone fetches itself (never a local file). */
  icon?: string;
  /** The room's cover, an https URL. */
  image?: string;
  /**
   * The buttons a phone may press on a go-live push (Record, Mute 1 h, Open room), and the
   * notification they act on; a service that takes commands shows them (issue 43).
   */
  buttons?: { notificationId: string; offered: PhoneButton[] };
  /** A finished file, for a biliLive-tools target only (file-hand-off.ts). */
  handOff?: FileHandOff;
}

/** The popup's buttons a push may carry: none that opens a file on this computer. */
export type PhoneButton = Extract<PopupButton, 'record' | 'mute' | 'openRoom'>;

const PHONE_BUTTONS: readonly PhoneButton[] = ['record', 'mute', 'openRoom'];

/** A single room's buttons a phone may press, in the popup's order. */
function phoneButtons(
  notification: HistoryNotification['notification'],
): PushMessage['buttons'] | undefined {
  if (notification.roomIds.length !== 1) return undefined;
  const offered = (notification.buttons ?? []).filter((b): b is PhoneButton =>
    (PHONE_BUTTONS as readonly string[]).includes(b),
  );
  return offered.length > 0 ? { notificationId: notification.id, offered } : undefined;
}

/** The pictures a push may carry: https URLs only (a phone cannot fetch a file or a LAN mirror). */
function pushPictures(notification: HistoryNotification['notification']): {
  icon?: string;
  image?: string;
} {
  const https = (url: string | undefined) => (url?.startsWith('https://') ? url : undefined);
  const icon = https(notification.pictures?.face?.url);
  const image = https(notification.pictures?.cover?.url);
  return { ...(icon ? { icon } : {}), ...(image ? { image } : {}) };
}

/** The placeholders a template may use. */
const PLACEHOLDERS = [
  'name',
  'title',
  'area',
  'roomId',
  'url',
  'file',
  'size',
  'duration',
  'problem',
  'recorder',
  'rule', // jobs acting on recordings: the rule's name
  'error', // ... a failed job's tool words
  'output', // ... the file a job produced
  'platform', // another platform's room (shared/platforms.ts): its name; '' for bilibili
  'platformRoom', // ... and its own key of the room
] as const;

/**
 * Fills `{placeholder}`s; unknown ones stay as written. Lines left empty by empty values are
 * dropped, and a separator (` · `) left dangling at a line's end or start is cut.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  const filled = template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(values, key) ? (values[key] ?? '') : whole,
  );
  return filled
    .split('\n')
    .map((line) => line.replace(/^(\s*·\s*)+|(\s*·\s*)+$/g, '').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * Whether a target wants this decision: shown by the policy (or held by quiet hours, for a target
 * that does not follow them), enabled, and within its filters. The quiet hours digest goes only
 * to targets that follow them: the others had each notification at once.
 */
export function targetWants(target: PushTargetSetting, entry: HistoryNotification): boolean {
  if (!target.enabled) return false;
  const { decision } = entry;
  const follows = target.followQuietHours !== false;
  const heldHere = !decision.shown && decision.reason === 'held' && !follows;
  if (!decision.shown && !heldHere) return false;
  const { event, roomIds } = entry.notification;
  if (event === 'QuietHoursDigest') return follows;
  // Jobs have no switch of their own: they go to targets that take every kind.
  if (target.kinds.length > 0 && !(target.kinds as readonly string[]).includes(event)) return false;
  if (target.rooms.length > 0 && !roomIds.some((id) => target.rooms.includes(id))) return false;
  return true;
}

/**
 * The push for one decision and target. A single room's notification fills the target's templates
 * (or the language's defaults) from its facts; a summary of a burst keeps the popup's own text.
 * The room's pictures go along where known.
 */
export function pushMessage(
  entry: HistoryNotification,
  target: Pick<PushTargetSetting, 'titleTemplate' | 'bodyTemplate'>,
  language: Language,
): PushMessage {
  const buttons = phoneButtons(entry.notification);
  return {
    ...pushText(entry, target, language),
    ...pushPictures(entry.notification),
    ...(buttons ? { buttons } : {}),
  };
}

function pushText(
  entry: HistoryNotification,
  target: Pick<PushTargetSetting, 'titleTemplate' | 'bodyTemplate'>,
  language: Language,
): PushMessage {
  const { notification } = entry;
  const only = notification.roomIds.length === 1 ? notification.roomIds[0] : undefined;
  // Room 0 stands for the whole set-up (a full disk, the recorder's own problems): no room to
  // name or open, so such a push keeps its popup's words, as a summary does.
  const roomId = only === 0 ? undefined : only;
  const facts = notification.facts;
  const click =
    roomId === undefined
      ? null
      : roomPageUrl({ roomId, platform: facts?.platform, platformRoom: facts?.platformRoom });
  const pictures = roomId !== undefined && notification.pictures ? notification.pictures : null;
  const extra = {
    ...(click ? { click } : {}),
    ...(pictures && (pictures.face || pictures.cover) ? { pictures } : {}),
    language,
    ...(facts ? { facts: { ...facts, ...(click ? { url: click } : {}) } } : {}),
  };
  if (!facts || roomId === undefined)
    return { title: notification.title, body: notification.body, ...extra };
  const values: Record<string, string> = {
    ...Object.fromEntries(PLACEHOLDERS.map((key) => [key, ''])),
    ...facts,
    // Another platform's room is named with its platform ("抖音 · 主播名"), in the push's language.
    ...(facts.platform !== undefined
      ? {
          name: roomLabel(facts, facts.name ?? '', language),
          platform: platformName(facts.platform, language),
        }
      : {}),
    roomId: String(roomId ?? ''),
    url: click ?? '',
    // The guardian's problems say what is wrong in their popup's body.
    problem: notification.problem ? notification.body : '',
  };
  const templates = PUSH_TEMPLATES[language];
  const { event } = notification;
  const defaults = notification.problem
    ? templates.problem
    : event === 'QuietHoursDigest'
      ? undefined
      : templates[event];
  if (!defaults && !target.titleTemplate && !target.bodyTemplate)
    return { title: notification.title, body: notification.body, ...extra };
  const title = fillTemplate(
    target.titleTemplate || (defaults?.title ?? notification.title),
    values,
  );
  const body = fillTemplate(target.bodyTemplate || (defaults?.body ?? notification.body), values);
  return {
    title: title || notification.title,
    body: body || notification.body,
    ...extra,
  };
}
