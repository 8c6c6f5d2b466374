import type { Language } from '../settings';

/** The Chinese strings: their keys and types are UpdateText, which every language fills. */
const ZH_CN = {
  popupTitle: (version: string) => `Recorder Tray v${version} 已下载`,
  popupBody: '从托盘菜单选择“重启以更新”即可安装；不重启也不会丢失任何东西，下次退出时会自动安装。',
  /** A downloaded .deb update: installed only when the user chooses it. */
  installTitle: (version: string) => `Recorder Tray 新版本 v${version} 已就绪`,
  installBody: '从托盘菜单选择“安装”；届时系统会询问一次密码。退出时不会自动安装。',
  /** An update this Mac build cannot apply: offered as a download. */
  downloadTitle: (version: string) => `Recorder Tray v${version} 已发布`,
  downloadBody: '此 Mac 版本无法自动更新：从托盘菜单选择“下载”，下载后手动安装。',
  /** Installing failed; the app started again as it was. */
  failedTitle: (version: string) => `Recorder Tray v${version} 安装失败`,
  failedBody: (reason: string) => `应用已按原样重新启动，什么也没有丢失。原因：${reason}`,
  /** Headless mode: a newer release exists; how to update a clone. */
  headlessMessage: (version: string, current: string) =>
    `有新版本 v${version}（当前 v${current}）：在项目目录运行 git pull && npm ci 更新`,
};

/** What the app says about a downloaded update: its popup, and headless mode's `update` line. */
export type UpdateText = typeof ZH_CN;

/** The update texts in each language the app speaks. */
export const UPDATE_TEXT: Readonly<Record<Language, UpdateText>> = {
  'zh-CN': ZH_CN,
  en: {
    popupTitle: (version) => `Recorder Tray v${version} is downloaded`,
    popupBody:
      'Choose "Restart to update" in the tray menu to install it; nothing is lost meanwhile, and it installs when you next quit.',
    installTitle: (version) => `Recorder Tray v${version}: a new version is ready`,
    installBody:
      'Choose "install" in the tray menu; the system asks for your password once, then. Quitting does not install it.',
    downloadTitle: (version) => `Recorder Tray v${version} is out`,
    downloadBody:
      'This Mac build cannot update itself: choose "Download" in the tray menu and install it by hand.',
    failedTitle: (version) => `Recorder Tray v${version} could not be installed`,
    failedBody: (reason) => `The app started again as it was; nothing was lost. Why: ${reason}`,
    headlessMessage: (version, current) =>
      `A newer version v${version} is out (this is v${current}): run git pull && npm ci in the clone`,
  },
};
