import type { Language } from '../settings';
import { EVENT_NAMES, EVENTS_STRINGS } from './window/events';
import { FILES_STRINGS } from './window/files';
import { HEADER_STRINGS } from './window/header';
import { JOBS_STRINGS } from './window/jobs';
import { LISTS_STRINGS } from './window/lists';
import { NOTIFICATIONS_STRINGS } from './window/notifications';
import { PAGER_STRINGS } from './window/pager';
import { RECORDER_KIND_STRINGS } from './window/recorder-kinds';
import { RECORDERS_STRINGS } from './window/recorders';
import { ROOMS_STRINGS } from './window/rooms';
import { SETTINGS_STRINGS } from './window/settings';
import { SETUP_STRINGS } from './window/setup';
import { SHELL_STRINGS } from './window/shell';

// The strings live one section a file under ./window/; this entry assembles them.

/** The window's views, in tab order, and one of them (defined with the tab bar's strings). */
export { WINDOW_VIEWS, type WindowView } from './window/shell';

/** Puts one language's sections together, keys in the order the window reads them. */
function windowStrings(language: Language) {
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

/** Every string the window shows; both languages fill every key (each section's table checks it). */
export type WindowStrings = ReturnType<typeof windowStrings>;

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
