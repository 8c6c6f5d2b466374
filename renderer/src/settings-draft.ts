import {
  NotifiableEvent,
  type Language,
  type PathMapping,
  type RecorderSetting,
  type Settings,
} from '../../shared/settings';
import { firstRecorder } from '../../shared/recorders';
import type { SettingsPatch } from '../../shared/settings-patch';
import { checkSettingsUpdate, normaliseRecorderUrl } from '../../shared/settings-rules';

/**
 * The settings form as the user edits it: numbers stay text until saved. The language, mute and
 * pause are not here: they apply the moment they are chosen.
 */
export interface SettingsDraft {
  recorderUrl: string;
  recorderUser: string;
  recorderPass: string;
  pollInterval: string;
  pollRooms: string;
  unreachableMinutes: string;
  listenerHost: string;
  listenerPort: string;
  listenerToken: string;
  recordingRoot: string;
  pathMappings: PathMapping[];
  events: Record<NotifiableEvent, boolean>;
  openFileOnClick: boolean;
  groupWindowSeconds: string;
  flapMinutes: string;
  startAtLogin: boolean;
  updatesCheck: boolean;
  updatesFeedUrl: string;
  picturesEnabled: boolean;
  liveApiHost: string;
}

/** The form's starting values from the settings main holds. */
export function draftFromSettings(settings: Settings): SettingsDraft {
  const recorder = firstRecorder(settings);
  return {
    recorderUrl: recorder.url,
    recorderUser: recorder.username,
    recorderPass: recorder.password,
    pollInterval: String(recorder.pollIntervalSeconds),
    pollRooms: recorder.rooms.join(' '),
    unreachableMinutes: String(recorder.unreachableNotifyAfterMinutes),
    listenerHost: settings.listener.host,
    listenerPort: String(settings.listener.port),
    listenerToken: settings.listener.token,
    recordingRoot: recorder.recordingRoot,
    pathMappings: recorder.pathMappings.map((m) => ({ ...m })),
    events: { ...settings.notifications.events },
    openFileOnClick: settings.notifications.openFileOnClick,
    groupWindowSeconds: String(settings.notifications.groupWindowSeconds),
    flapMinutes: String(settings.notifications.flapMinutes),
    startAtLogin: settings.startAtLogin,
    updatesCheck: settings.updates.check,
    updatesFeedUrl: settings.updates.feedUrl,
    picturesEnabled: settings.pictures.enabled,
    liveApiHost: settings.pictures.liveApiHost,
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
  const number = (path: string, text: string): number | undefined => {
    const value = Number(text.trim());
    if (text.trim() !== '' && Number.isFinite(value)) return value;
    errors.push(`${path}: ${notANumber}`);
    return undefined;
  };
  const changed = <K extends keyof SettingsDraft>(key: K) =>
    JSON.stringify(draft[key]) !== JSON.stringify(base[key]);

  // The form edits the first recorder (Settings → Recorders edits the others).
  const recorder: Partial<RecorderSetting> = {};
  if (changed('recorderUrl')) recorder.url = normaliseRecorderUrl(draft.recorderUrl);
  if (changed('recorderUser')) recorder.username = draft.recorderUser;
  if (changed('recorderPass')) recorder.password = draft.recorderPass;
  const set = <T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined) => {
    if (value !== undefined) target[key] = value;
  };
  if (changed('pollInterval'))
    set(
      recorder,
      'pollIntervalSeconds',
      number('recorders[0].pollIntervalSeconds', draft.pollInterval),
    );
  if (changed('unreachableMinutes')) {
    set(
      recorder,
      'unreachableNotifyAfterMinutes',
      number('recorders[0].unreachableNotifyAfterMinutes', draft.unreachableMinutes),
    );
  }
  if (changed('pollRooms')) {
    const words = draft.pollRooms.split(/[\s,，、]+/).filter(Boolean);
    const bad = words.findIndex((word) => !/^\d+$/.test(word));
    if (bad >= 0) errors.push(`recorders[0].rooms[${bad}]: ${notANumber}`);
    else recorder.rooms = words.map(Number);
  }

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
  if (changed('recordingRoot')) recorder.recordingRoot = draft.recordingRoot.trim();
  if (changed('pathMappings')) {
    // Blank rows are rows the user added and left; half-filled ones go to main to be named.
    recorder.pathMappings = draft.pathMappings
      .map((m) => ({ from: m.from.trim(), to: m.to.trim() }))
      .filter((m) => m.from !== '' || m.to !== '');
  }
  if (changed('startAtLogin')) patch.startAtLogin = draft.startAtLogin;
  const updates: NonNullable<SettingsPatch['updates']> = {};
  if (changed('updatesCheck')) updates.check = draft.updatesCheck;
  if (changed('updatesFeedUrl')) updates.feedUrl = draft.updatesFeedUrl.trim();
  if (Object.keys(updates).length > 0) patch.updates = updates;
  if (Object.keys(recorder).length > 0) {
    const [first, ...rest] = original.recorders;
    patch.recorders = [{ ...first!, ...recorder }, ...rest];
  }
  if (Object.keys(listener).length > 0) patch.listener = listener;
  if (Object.keys(notifications).length > 0) patch.notifications = notifications;
  if (changed('picturesEnabled') || changed('liveApiHost'))
    patch.pictures = { enabled: draft.picturesEnabled, liveApiHost: draft.liveApiHost.trim() };

  return { patch, errors };
}

/** Whether the form differs from the settings it started from. */
export function isDraftDirty(original: Settings, draft: SettingsDraft): boolean {
  return JSON.stringify(draftFromSettings(original)) !== JSON.stringify(draft);
}
