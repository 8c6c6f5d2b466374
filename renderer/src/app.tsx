import type { ComponentType } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { AppInfo } from '../../shared/app-state';
import { languageForLocale } from '../../shared/format';
import { WINDOW_STRINGS, WINDOW_VIEWS, type WindowView } from '../../shared/i18n/window';
import type { ConnectedApi } from './api';
import { AppContext, type AppContextValue, type DraftMemory } from './app-context';
import { NoticeBanners } from './components/notice-banners';
import { Header } from './header';
import { TabBar } from './tab-bar';
import { useAppState } from './use-app-state';
import { useSettings } from './use-settings';
import { FilesView } from './views/files-view';
import { JobsView } from './views/jobs-view';
import { NotificationsView } from './views/notifications-view';
import { RoomsView } from './views/rooms-view';
import { SettingsView } from './views/settings-view';
import { showNotificationSpan } from './notification-span';

function viewFromHash(): WindowView {
  const name = window.location.hash.replace(/^#/, '');
  return (WINDOW_VIEWS as readonly string[]).includes(name) ? (name as WindowView) : 'rooms';
}

const VIEWS: Record<WindowView, ComponentType> = {
  rooms: RoomsView,
  files: FilesView,
  notifications: NotificationsView,
  jobs: JobsView,
  settings: SettingsView,
};

/** The window: header, tabs and the chosen view, in the language of the app's state. */
export function App({ connection }: { connection: ConnectedApi }) {
  const { api } = connection;
  const { state, error } = useAppState(api);
  const { settings, save } = useSettings(api);
  const [info, setInfo] = useState<AppInfo | null>(null);
  const [connected, setConnected] = useState(true);
  const [view, setView] = useState<WindowView>(viewFromHash);
  // Unsaved settings live here, not in the settings view: a tab switch must not drop them.
  const draftMemory = useRef<DraftMemory | null>(null);
  useEffect(() => {
    api.appInfo().then(setInfo, () => undefined);
  }, [api]);
  useEffect(() => connection.onConnection(setConnected), [connection]);
  // A click on a quiet hours digest opened the window: its Notifications over the digest's span.
  useEffect(
    () =>
      api.on('window:show', (target) => {
        showNotificationSpan(target.span);
        chooseView(target.view);
      }),
    [api],
  );

  // Before the state arrives, the browser's language is the best guess.
  const language = state?.language ?? languageForLocale(navigator.language);
  const strings = WINDOW_STRINGS[language];
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = strings.appName;
  }, [language, strings]);

  const chooseView = (next: WindowView, focusId?: string) => {
    setView(next);
    if (focusId !== undefined) {
      // After the view renders: the field or section the caller points at.
      requestAnimationFrame(() => {
        const target = document.getElementById(focusId);
        target?.scrollIntoView({ block: 'center' });
        target?.focus();
      });
    }
    // The hash keeps the view over a reload without adding history entries.
    window.history.replaceState(
      null,
      '',
      `${window.location.pathname}${window.location.search}#${next}`,
    );
  };

  const value = useMemo<AppContextValue | null>(
    () =>
      state === null
        ? null
        : {
            api,
            state,
            language,
            strings,
            settings,
            saveSettings: save,
            info,
            goTo: chooseView,
            draftMemory,
          },
    [api, state, language, strings, settings, save, info],
  );
  if (value === null) {
    return (
      <p class="loading" role={error ? 'alert' : 'status'}>
        {error ? strings.loadFailed(error) : strings.loading}
      </p>
    );
  }
  const View = VIEWS[view];
  return (
    <AppContext.Provider value={value}>
      <div class="shell">
        <Header connected={connected} />
        <NoticeBanners />
        <TabBar view={view} onView={chooseView} />
        <main id={`panel-${view}`} class="panel" role="tabpanel" aria-labelledby={`tab-${view}`}>
          <View />
        </main>
      </div>
    </AppContext.Provider>
  );
}
