import type { Language } from '../../settings';

/** The window's views, in tab order (the event log, "Webhook log", lives in Settings → Diagnostics). */
export const WINDOW_VIEWS = ['rooms', 'files', 'notifications', 'jobs', 'settings'] as const;
/** One of the window's views. */
export type WindowView = (typeof WINDOW_VIEWS)[number];

/** The Chinese strings: their keys and types are ShellStrings, which every language fills. */
const ZH_CN = {
  appName: 'Recorder Tray', // the product name, as on the installer
  loading: '正在加载…',
  loadFailed: (reason: string) => `无法加载：${reason}`,
  disconnected: '与应用的连接已断开，正在重连…',
  tabsLabel: '视图',
  tabs: {
    rooms: '房间',
    files: '文件',
    notifications: '通知',
    jobs: '任务',
    settings: '设置',
  } satisfies Record<WindowView, string>,
};

/** The window's frame: its name, loading and connection states, and the tab bar. */
export type ShellStrings = typeof ZH_CN;

/** The frame's strings in each language the app speaks. */
export const SHELL_STRINGS: Readonly<Record<Language, ShellStrings>> = {
  'zh-CN': ZH_CN,
  en: {
    appName: 'Recorder Tray',
    loading: 'Loading…',
    loadFailed: (reason) => `Could not load: ${reason}`,
    disconnected: 'Lost the connection to the app; reconnecting…',
    tabsLabel: 'Views',
    tabs: {
      rooms: 'Rooms',
      files: 'Files',
      notifications: 'Notifications',
      jobs: 'Jobs',
      settings: 'Settings',
    },
  },
};
