import type { Language } from '../../settings';

/** The settings view: recorder, webhook listener, files, notifications and general sections. */
export interface SettingsStrings {
  recorderSection: string;
  recorderUrl: string;
  recorderUrlHint: string;
  username: string;
  password: string;
  pollInterval: string;
  pollRooms: string;
  pollRoomsHint: string;
  unreachableMinutes: string;
  check: string;
  checking: string;
  statusNow: string;
  openRecorderUi: string;
  openRecorderApi: string;
  listenerSection: string;
  webhookUrl: string;
  copy: string;
  copied: string;
  copyFailed: string;
  pasteWhere: string;
  listenerHost: string;
  listenerHostHint: string;
  listenerPort: string;
  listenerToken: string;
  listenerTokenHint: string;
  filesSection: string;
  recordingRoot: string;
  recordingRootHint: string;
  chooseFolder: string;
  pathMappings: string;
  pathMappingsHint: string;
  mappingFrom: string;
  mappingTo: string;
  addMapping: string;
  removeMapping: string;
  openFileOnClick: string;
  notificationsSection: string;
  eventsLegend: string;
  groupWindow: string;
  flapMinutes: string;
  mutedRooms: string;
  noMutedRooms: string;
  unmute: string;
  pause: string;
  pauseHour: string;
  pauseTomorrow: string;
  pauseForever: string;
  resume: string;
  notPaused: string;
  generalSection: string;
  language: string;
  languageSystem: string;
  startAtLogin: string;
  version: string;
  dataDir: string;
  updatesCheck: string;
  updatesCheckHint: string;
  updatesFeedUrl: string;
  updatesFeedUrlHint: string;
  /** A downloaded update waits: what the About says, and how to install it. */
  updateReady: (version: string) => string;
  updateRestartHint: string;
  /** A downloaded .deb update, installed only when chosen. */
  updateInstallReady: (version: string) => string;
  updateInstallHint: string;
  /** An update this Mac build cannot apply by itself. */
  updateAvailable: (version: string) => string;
  updateDownloadHint: string;
  /** The last try to install it failed (the app came back as it was). */
  updateFailed: (reason: string) => string;
  releaseNotes: string;
  save: string;
  saving: string;
  saved: string;
  discard: string;
  unsaved: string;
  invalid: string;
  notANumber: string;
}

/** The settings view's strings in each language the app speaks. */
export const SETTINGS_STRINGS: Readonly<Record<Language, SettingsStrings>> = {
  'zh-CN': {
    recorderSection: '录播姬',
    recorderUrl: '录播姬地址',
    recorderUrlHint: '录播姬 API 的根地址，例如 http://127.0.0.1:2356。留空则只接收 Webhook。',
    username: '用户名（Basic 认证）',
    password: '密码（Basic 认证）',
    pollInterval: '轮询间隔（秒）',
    pollRooms: '只轮询这些房间',
    pollRoomsHint: '房间号，用空格或逗号分隔；留空表示全部房间。',
    unreachableMinutes: '连不上多久后提醒（分钟）',
    check: '检查连接',
    checking: '正在检查…',
    statusNow: '当前状态',
    openRecorderUi: '打开录播姬网页界面',
    openRecorderApi: '打开录播姬 API 浏览器',
    listenerSection: '接收 Webhook',
    webhookUrl: 'Webhook 地址',
    copy: '复制',
    copied: '已复制',
    copyFailed: '无法复制，请手动选中后复制。',
    pasteWhere:
      '在录播姬中打开「设置」→「Webhook」，把这个地址填入「Webhook V2」一栏（每行一个地址）。',
    listenerHost: '监听地址',
    listenerHostHint: '127.0.0.1 只接受本机的请求；录播姬在其他机器上时填 0.0.0.0，并设置令牌。',
    listenerPort: '端口',
    listenerToken: '令牌',
    listenerTokenHint: '设置令牌后，地址变为 /webhook/<令牌>。',
    filesSection: '录制文件',
    recordingRoot: '录制文件根目录',
    chooseFolder: '选择文件夹…',
    recordingRootHint: '录播姬的工作目录在本机上的路径，用来打开文件、检查文件是否还在。',
    pathMappings: '路径映射',
    pathMappingsHint: '录播姬运行在另一台机器或容器里时，把它看到的路径前缀换成本机路径。',
    mappingFrom: '录播姬中的路径',
    mappingTo: '本机路径',
    addMapping: '添加映射',
    removeMapping: '删除这条映射',
    openFileOnClick: '点击录制完成通知时直接打开文件（否则在文件夹中显示）',
    notificationsSection: '通知',
    eventsLegend: '这些事件弹出通知',
    groupWindow: '几秒内的开播合并为一条（秒）',
    flapMinutes: '下播后几分钟内重新开播不再提醒（分钟）',
    mutedRooms: '已静音的房间',
    noMutedRooms: '没有静音的房间。可以在「房间」页静音单个房间。',
    unmute: '取消静音',
    pause: '暂停通知',
    pauseHour: '1 小时',
    pauseTomorrow: '到明天早上',
    pauseForever: '直到手动恢复',
    resume: '恢复通知',
    notPaused: '通知正常弹出。',
    generalSection: '通用',
    language: '语言',
    languageSystem: '跟随系统',
    startAtLogin: '登录系统时启动',
    version: '版本',
    dataDir: '数据目录',
    updatesCheck: '自动检查更新',
    updatesCheckHint:
      '启动时和每 6 小时检查一次，在后台下载，下载好后提醒一次；不会自己重启。关闭后不发出任何请求。',
    updatesFeedUrl: '更新源镜像',
    updatesFeedUrlHint:
      '存放 latest.yml 等文件的地址（GitHub 访问慢时用）；留空则使用 GitHub Releases。保存后立即生效；清空后重启才回到 GitHub。',
    updateReady: (version) => `v${version} 已下载，重启后安装`,
    updateRestartHint: '从托盘菜单选择“重启以更新”；也会在下次退出时自动安装。',
    updateInstallReady: (version) => `新版本 v${version} 已下载，可以安装`,
    updateInstallHint: '从托盘菜单选择“安装”；届时系统会询问一次密码。退出时不会自动安装。',
    updateAvailable: (version) => `新版本 v${version} 已发布`,
    updateDownloadHint: '此 Mac 版本无法自动更新：从托盘菜单选择“下载”，下载后手动安装。',
    updateFailed: (reason) => `上次安装失败，应用已按原样重新启动。原因：${reason}`,
    releaseNotes: '更新说明',
    save: '保存',
    saving: '正在保存…',
    saved: '已保存',
    discard: '撤销更改',
    unsaved: '有未保存的更改',
    invalid: '有些设置无效，请检查标出的字段。',
    notANumber: '请填写数字',
  },
  en: {
    recorderSection: 'Recorder',
    recorderUrl: 'Recorder address',
    recorderUrlHint:
      "The base address of the recorder's API, such as http://127.0.0.1:2356. Leave it empty to use webhooks only.",
    username: 'User name (Basic auth)',
    password: 'Password (Basic auth)',
    pollInterval: 'Poll every (seconds)',
    pollRooms: 'Poll only these rooms',
    pollRoomsHint: 'Room numbers separated by spaces or commas; empty means every room.',
    unreachableMinutes: 'Warn when unreachable for (minutes)',
    check: 'Check connection',
    checking: 'Checking…',
    statusNow: 'Status',
    openRecorderUi: "Open the recorder's web UI",
    openRecorderApi: "Open the recorder's API browser",
    listenerSection: 'Webhook listener',
    webhookUrl: 'Webhook URL',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Could not copy; select the URL and copy it by hand.',
    pasteWhere:
      'In the recorder, open 设置 (Settings) → Webhook and paste this URL into the “Webhook V2” box (one URL per line).',
    listenerHost: 'Listen address',
    listenerHostHint:
      '127.0.0.1 accepts this computer only. If the recorder runs on another machine, use 0.0.0.0 and set a token.',
    listenerPort: 'Port',
    listenerToken: 'Token',
    listenerTokenHint: 'With a token, the URL becomes /webhook/<token>.',
    filesSection: 'Recordings',
    recordingRoot: 'Recording folder',
    chooseFolder: 'Choose folder…',
    recordingRootHint:
      "Where the recorder's work directory is on this computer; used to open files and to check they still exist.",
    pathMappings: 'Path mappings',
    pathMappingsHint:
      'When the recorder runs on another machine or in a container: replace the path prefix it sees with the path here.',
    mappingFrom: 'Path on the recorder',
    mappingTo: 'Path here',
    addMapping: 'Add mapping',
    removeMapping: 'Remove this mapping',
    openFileOnClick:
      'Clicking a “finished” notification opens the file (otherwise it shows it in its folder)',
    notificationsSection: 'Notifications',
    eventsLegend: 'Pop up a notification when',
    groupWindow: 'Group go-live events within (seconds)',
    flapMinutes: 'No repeat when live again within (minutes)',
    mutedRooms: 'Muted rooms',
    noMutedRooms: 'No muted rooms. Mute a single room on the Rooms tab.',
    unmute: 'Unmute',
    pause: 'Pause notifications',
    pauseHour: 'For 1 hour',
    pauseTomorrow: 'Until tomorrow morning',
    pauseForever: 'Until I resume',
    resume: 'Resume notifications',
    notPaused: 'Notifications are on.',
    generalSection: 'General',
    language: 'Language',
    languageSystem: 'Follow the system',
    startAtLogin: 'Start at login',
    version: 'Version',
    dataDir: 'Data folder',
    updatesCheck: 'Check for updates',
    updatesCheckHint:
      'At start and every 6 hours; downloads in the background and says so once; never restarts by itself. Off: no request at all.',
    updatesFeedUrl: 'Update mirror',
    updatesFeedUrlHint:
      'A folder holding latest.yml and the installers (when GitHub is slow to reach); empty: GitHub Releases. Applies at once; emptied, after a restart.',
    updateReady: (version) => `v${version} is downloaded and installs on restart`,
    updateRestartHint:
      'Choose "Restart to update" in the tray menu; it also installs when you next quit.',
    updateInstallReady: (version) => `v${version} is downloaded and ready to install`,
    updateInstallHint:
      'Choose "install" in the tray menu; the system asks for your password once, then. Quitting does not install it.',
    updateAvailable: (version) => `v${version} is out`,
    updateDownloadHint:
      'This Mac build cannot update itself: choose "Download" in the tray menu and install it by hand.',
    updateFailed: (reason) =>
      `The last try to install it failed; the app started again as it was. Why: ${reason}`,
    releaseNotes: 'Release notes',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Saved',
    discard: 'Discard changes',
    unsaved: 'Unsaved changes',
    invalid: 'Some settings are not valid; see the marked fields.',
    notANumber: 'Enter a number',
  },
};
