import {
  NotifiableEvent,
  RecorderSetting,
  type Language,
  type Settings,
} from '../../shared/settings';
import type { SettingsPatch } from '../../shared/settings-patch';
import { checkSettingsUpdate } from '../../shared/settings-rules';
import { jobsDraftOf, jobsPatchOf, type JobsDraft } from './jobs-draft';
import { recorderDraftOf, recorderFromDraft, type RecorderDraft } from './recorder-draft';
import { draftNumber } from './draft-number';
import { cleanUpDraftOf, cleanUpFromDraft, type CleanUpDraft } from './clean-up-draft';

/**
 * The settings form as the user edits it: numbers stay text until saved. The language, mute and
 * pause are not here: they apply the moment they are chosen.
 */
export interface SettingsDraft {
  /** Every recorder, in the settings' order (Settings → Recorders adds and removes them). */
  recorders: RecorderDraft[];
  listenerHost: string;
  listenerPort: string;
  listenerToken: string;
  events: Record<NotifiableEvent, boolean>;
  openFileOnClick: boolean;
  groupWindowSeconds: string;
  flapMinutes: string;
  startAtLogin: boolean;
  updatesCheck: boolean;
  updatesFeedUrl: string;
  picturesEnabled: boolean;
  liveApiHost: string;
  /** Settings → Actions (rules, steps, tools). */
  jobs: JobsDraft;
  /** Settings → Clean-up. */
  cleanUp: CleanUpDraft;
  keepAwake: boolean;
}

/** The form's starting values from the settings main holds. */
export function draftFromSettings(settings: Settings): SettingsDraft {
  return {
    recorders: settings.recorders.map(recorderDraftOf),
    listenerHost: settings.listener.host,
    listenerPort: String(settings.listener.port),
    listenerToken: settings.listener.token,
    events: { ...settings.notifications.events },
    openFileOnClick: settings.notifications.openFileOnClick,
    groupWindowSeconds: String(settings.notifications.groupWindowSeconds),
    flapMinutes: String(settings.notifications.flapMinutes),
    startAtLogin: settings.startAtLogin,
    updatesCheck: settings.updates.check,
    updatesFeedUrl: settings.updates.feedUrl,
    picturesEnabled: settings.pictures.enabled,
    liveApiHost: settings.pictures.liveApiHost,
    jobs: jobsDraftOf(settings.jobs),
    cleanUp: cleanUpDraftOf(settings.cleanUp),
    keepAwake: settings.keepAwake,
  };
}

/** A patch of only what changed, or the form's errors as `path: message`. */
export type DraftPatch =
  { ok: true; patch: SettingsPatch; empty: boolean } | { ok: false; errors: string[] };

/**
 * Compares the form with the settings it started from and builds a `settings:update` patch of
 * the changed fields only, so saving one field never rewrites another (headless flags, say);
 * or every error of the form at once, in form order as far as the paths go: text that is not a
 * number, what main's schema refuses, and the settings rules (host and token together, the
 * recorder address). Main checks the same rules again before it saves.
 */
export function checkDraft(
  original: Settings,
  draft: SettingsDraft,
  notANumber: string,
  language: Language,
): DraftPatch {
  const { patch, errors } = buildPatch(original, draft, notANumber);
  const checked = checkSettingsUpdate(original, patch, language);
  const all = [...errors, ...(checked.ok ? [] : checked.errors)];
  if (all.length > 0) return { ok: false, errors: all };
  return { ok: true, patch, empty: Object.keys(patch).length === 0 };
}

// The patch of the changed fields, leaving out numbers that do not parse (named in `errors`).
function buildPatch(
  original: Settings,
  draft: SettingsDraft,
  notANumber: string,
): { patch: SettingsPatch; errors: string[] } {
  const base = draftFromSettings(original);
  const errors: string[] = [];
  const number = (path: string, text: string) => draftNumber(text, path, notANumber, errors);
  const changed = <K extends keyof SettingsDraft>(key: K) =>
    JSON.stringify(draft[key]) !== JSON.stringify(base[key]);

  const set = <T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined) => {
    if (value !== undefined) target[key] = value;
  };

  // First, as the form shows them. A patch replaces arrays whole: any change sends the whole list.
  const recorders = changed('recorders')
    ? recordersFromDraft(original, draft, notANumber, errors)
    : undefined;

  const listener: NonNullable<SettingsPatch['listener']> = {};
  if (changed('listenerHost')) listener.host = draft.listenerHost.trim();
  if (changed('listenerPort')) set(listener, 'port', number('listener.port', draft.listenerPort));
  if (changed('listenerToken')) listener.token = draft.listenerToken;

  const notifications: NonNullable<SettingsPatch['notifications']> = {};
  const events: NonNullable<NonNullable<SettingsPatch['notifications']>['events']> = {};
  for (const event of NotifiableEvent.options) {
    if (draft.events[event] !== base.events[event]) events[event] = draft.events[event];
  }
  if (Object.keys(events).length > 0) notifications.events = events;
  if (changed('openFileOnClick')) notifications.openFileOnClick = draft.openFileOnClick;
  if (changed('groupWindowSeconds')) {
    set(
      notifications,
      'groupWindowSeconds',
      number('notifications.groupWindowSeconds', draft.groupWindowSeconds),
    );
  }
  if (changed('flapMinutes'))
    set(notifications, 'flapMinutes', number('notifications.flapMinutes', draft.flapMinutes));

  const patch: SettingsPatch = {};
  if (changed('startAtLogin')) patch.startAtLogin = draft.startAtLogin;
  const updates: NonNullable<SettingsPatch['updates']> = {};
  if (changed('updatesCheck')) updates.check = draft.updatesCheck;
  if (changed('updatesFeedUrl')) updates.feedUrl = draft.updatesFeedUrl.trim();
  if (Object.keys(updates).length > 0) patch.updates = updates;
  if (recorders) patch.recorders = recorders;
  if (Object.keys(listener).length > 0) patch.listener = listener;
  if (Object.keys(notifications).length > 0) patch.notifications = notifications;
  if (changed('picturesEnabled') || changed('liveApiHost'))
    patch.pictures = { enabled: draft.picturesEnabled, liveApiHost: draft.liveApiHost.trim() };
  // Whole objects: their rules are lists, and a patch replaces a list whole.
  if (changed('jobs')) patch.jobs = jobsPatchOf(draft.jobs, notANumber, errors);
  if (changed('cleanUp')) patch.cleanUp = cleanUpFromDraft(draft.cleanUp, notANumber, errors);
  if (changed('keepAwake')) patch.keepAwake = draft.keepAwake;

  return { patch, errors };
}

// The recorders of the form over the stored ones, matched by id (a new one starts from the defaults).
function recordersFromDraft(
  original: Settings,
  draft: SettingsDraft,
  notANumber: string,
  errors: string[],
): RecorderSetting[] {
  return draft.recorders.map((recorder, index) => {
    const stored =
      original.recorders.find((r) => r.id === recorder.id) ??
      RecorderSetting.parse({ id: recorder.id });
    return recorderFromDraft(stored, recorder, index, notANumber, errors);
  });
}

/** Whether the form differs from the settings it started from. */
export function isDraftDirty(original: Settings, draft: SettingsDraft): boolean {
  return JSON.stringify(draftFromSettings(original)) !== JSON.stringify(draft);
}
