import type { Language } from '../settings';

/** What the app says about a downloaded update: its popup, and headless mode's `update` line. */
export interface UpdateText {
  popupTitle: (version: string) => string;
  popupBody: string;
  /** Headless mode: a newer release exists; how to update a clone. */
  headlessMessage: (version: string, current: string) => string;
}

/** The update texts in each language the app speaks. */
export const UPDATE_TEXT: Readonly<Record<Language, UpdateText>> = {
  'zh-CN': {
    popupTitle: (version) => `Recorder Tray v${version} 已下载`,
    popupBody:
      '从托盘菜单选择“重启以更新”即可安装；不重启也不会丢失任何东西，下次退出时会自动安装。',
    headlessMessage: (version, current) =>
      `有新版本 v${version}（当前 v${current}）：在项目目录运行 git pull && npm ci 更新`,
  },
  en: {
    popupTitle: (version) => `Recorder Tray v${version} is downloaded`,
    popupBody:
      'Choose "Restart to update" in the tray menu to install it; nothing is lost meanwhile, and it installs when you next quit.',
    headlessMessage: (version, current) =>
      `A newer version v${version} is out (this is v${current}): run git pull && npm ci in the clone`,
  },
};
