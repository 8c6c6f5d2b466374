import type { NotificationEvent } from '../model';
import type { Language } from '../settings';
import { EVENT_NAMES, EVENTS_STRINGS, type EventsStrings } from './window/events';
import { FILES_STRINGS, type FilesStrings } from './window/files';
import { HEADER_STRINGS, type HeaderStrings } from './window/header';
import { JOBS_STRINGS, type JobsStrings } from './window/jobs';
import { LISTS_STRINGS, type ListsStrings } from './window/lists';
import { NOTIFICATIONS_STRINGS, type NotificationsStrings } from './window/notifications';
import { PAGER_STRINGS, type PagerStrings } from './window/pager';
import { RECORDER_KIND_STRINGS, type RecorderKindStrings } from './window/recorder-kinds';
import { RECORDERS_STRINGS, type RecordersStrings } from './window/recorders';
import { ROOMS_STRINGS, type RoomsStrings } from './window/rooms';
import { SETTINGS_STRINGS, type SettingsStrings } from './window/settings';
import { SETUP_STRINGS, type SetupStrings } from './window/setup';
import { SHELL_STRINGS, type ShellStrings } from './window/shell';

// The strings live one section a file under ./window/; this entry assembles them.

/** The window's views, in tab order, and one of them (defined with the tab bar's strings). */
export { WINDOW_VIEWS, type WindowView } from './window/shell';

/** Every string the window shows; both languages must fill every key (the type checks it). */
export interface WindowStrings extends ShellStrings {
  header: HeaderStrings;
  pager: PagerStrings;
  rooms: RoomsStrings;
  files: FilesStrings;
  notifications: NotificationsStrings;
  jobs: JobsStrings;
  events: EventsStrings;
  eventNames: Record<NotificationEvent, string>;
  settings: SettingsStrings;
  recorders: RecordersStrings;
  recorderKinds: RecorderKindStrings;
  setup: SetupStrings;
  lists: ListsStrings;
}

/** Puts one language's sections together, keys in the order the window reads them. */
function windowStrings(language: Language): WindowStrings {
  return {
    ...SHELL_STRINGS[language],
    header: HEADER_STRINGS[language],
    pager: PAGER_STRINGS[language],
    rooms: ROOMS_STRINGS[language],
    files: FILES_STRINGS[language],
    notifications: NOTIFICATIONS_STRINGS[language],
    jobs: JOBS_STRINGS[language],
    events: EVENTS_STRINGS[language],
    eventNames: EVENT_NAMES[language],
    settings: SETTINGS_STRINGS[language],
    recorders: RECORDERS_STRINGS[language],
    recorderKinds: RECORDER_KIND_STRINGS[language],
    setup: SETUP_STRINGS[language],
    lists: LISTS_STRINGS[language],
  };
}

/** The window's strings in each language the app speaks. */
export const WINDOW_STRINGS: Readonly<Record<Language, WindowStrings>> = {
  'zh-CN': windowStrings('zh-CN'),
  en: windowStrings('en'),
};

/** Names of the languages, each in itself (shown the same in every language). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  'zh-CN': '简体中文',
  en: 'English',
};
