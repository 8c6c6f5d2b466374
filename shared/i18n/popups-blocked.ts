import type { Language } from '../settings';

/** The "popups are blocked" notice: what happened, and where this OS lets the user allow them. */
export interface PopupsBlockedText {
  /** One line, for the tray menu and the window's banner title. */
  title: string;
  /** Where to allow popups on this OS. */
  hint: string;
}

type Os = 'win32' | 'darwin' | 'linux';

const TEXTS: Readonly<Record<Language, { title: string; hint: Record<Os, string> }>> = {
  'zh-CN': {
    title: '弹窗通知被系统拦截了',
    hint: {
      win32: '在"设置 → 系统 → 通知"中打开 Recorder Tray 的通知，并检查"专注助手 / 请勿打扰"。',
      darwin:
        '在"系统设置 → 通知 → Recorder Tray"中允许通知。若列表里没有 Recorder Tray，这个版本未签名，macOS 不会显示它的通知。',
      linux: '在桌面的通知设置中允许 Recorder Tray，并确认通知服务（通知守护进程）正在运行。',
    },
  },
  en: {
    title: 'Popups are blocked by the system',
    hint: {
      win32:
        'Turn on notifications for Recorder Tray in Settings → System → Notifications, and check Focus / Do not disturb.',
      darwin:
        'Allow notifications in System Settings → Notifications → Recorder Tray. If Recorder Tray is not listed, this build is not signed and macOS shows none of its popups.',
      linux:
        "Allow Recorder Tray in the desktop's notification settings, and check that a notification daemon is running.",
    },
  },
};

/** The notice in a language, for a platform (`process.platform`; others read as Linux). */
export function popupsBlockedText(language: Language, platform: string): PopupsBlockedText {
  const texts = TEXTS[language];
  const os: Os = platform === 'win32' || platform === 'darwin' ? platform : 'linux';
  return { title: texts.title, hint: texts.hint[os] };
}
