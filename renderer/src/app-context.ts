import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { AppInfo, AppState } from '../../shared/app-state';
import type { RecorderTrayApi } from '../../shared/contract-client';
import type { WindowStrings, WindowView } from '../../shared/i18n/window';
import type { Language, Settings } from '../../shared/settings';
import type { SettingsPatch } from '../../shared/settings-patch';
import type { SettingsDraft } from './settings-draft';

/** What saving settings came to: the new settings, or `path: message` errors. */
export type SaveOutcome = { ok: true; settings: Settings } | { ok: false; errors: string[] };

/** What every view reads: the API, the live state, the settings and the strings of the language. */
export interface AppContextValue {
  api: RecorderTrayApi;
  state: AppState;
  language: Language;
  strings: WindowStrings;
  /** Null until the first `settings:get` answers. */
  settings: Settings | null;
  saveSettings(patch: SettingsPatch): Promise<SaveOutcome>;
  info: AppInfo | null;
  /** Shows a view; with `focusId`, scrolls to and focuses that element once it renders. */
  goTo(view: WindowView, focusId?: string): void;
  /** The settings form's unsaved edits, kept while another view is shown. */
  draftMemory: { current: DraftMemory | null };
}

/** The settings form as left: the settings it started from and the edits on top. */
export interface DraftMemory {
  base: Settings;
  draft: SettingsDraft;
}

/** The window's shared context, provided by App. */
export const AppContext = createContext<AppContextValue | null>(null);

/** The window's shared context; only components under App call it. */
export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (value === null) throw new Error('useApp() outside <App>');
  return value;
}
