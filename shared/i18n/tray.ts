import type { RecorderStatusKind } from '../app-state';
import type { Language } from '../settings';

/** The Chinese strings: their keys and types are TrayStrings, which every language fills. */
const ZH_CN = {
  appName: 'Recorder Tray', // the product name, as on the installer
  openWindow: '打开窗口',
  liveRooms: '直播中的房间',
  noLiveRooms: '没有直播中的房间',
  moreRooms: (count: number) => `还有 ${count} 个…`,
  pauseNotifications: '暂停通知',
  pauseHour: '暂停 1 小时',
  pauseTomorrow: '暂停到明天',
  pauseForever: '暂停到手动恢复',
  resume: '恢复通知',
  pausedNote: '通知已暂停',
  /** Jobs acting on recordings that run now (remux, upload…). */
  jobsLine: (count: number) => `正在处理 ${count} 个任务`,
  /** Quiet hours now ("quiet until"): popups held for one digest at the end. */
  quietHour: '免打扰一小时（结束时汇总）',
  quietMorning: '免打扰到明早 8 点',
  quietOff: '结束免打扰',
  quietNote: '免打扰中',
  openRecorderUi: '打开录播姬网页界面',
  openRecorderApi: '打开录播姬 API 浏览器',
  openLogs: '打开日志文件夹',
  quit: '退出',
  /** A downloaded update: the menu item that restarts into it. */
  restartToUpdate: (version: string) => `重启以更新到 v${version}`,
  /** A downloaded .deb update: installed only from this item (the system asks for the password). */
  installUpdate: (version: string) => `新版本 v${version} 已就绪：安装`,
  /** An update this Mac build cannot apply: the item opens its download. */
  downloadUpdate: (version: string) => `下载新版本 v${version}`,
  /** A live room that does not record: start recording it. */
  recordRoom: (name: string) => `录这场：${name}`,
  recordingLine: (names: string) => `录制中：${names}`,
  liveLine: (names: string) => `直播中：${names}`,
  idleLine: '没有直播或录制',
  overflow: (count: number) => `等 ${count} 个`,
  listSeparator: '、',
  /** The recording guardian's open problems: tooltip line and menu. */
  problemsLine: (count: number, first: string) =>
    count === 1 ? `⚠ ${first}` : `⚠ ${count} 个录制问题：${first} 等`,
  problemsMenu: (count: number) => `录制问题 (${count})`,
  /** Writing the data folder fails (a full disk, EIO, read-only); retried until it works. */
  storageTrouble: '⚠ 数据文件夹写不进去（磁盘满了？），正在重试',
  recorderProblem: {
    unreachable: '连不上录播姬',
    unauthorized: '录播姬拒绝了用户名或密码',
    'open-access-guard': '录播姬拒绝了访问（412）',
    'not-a-recorder': '这个地址不是录播姬',
    'server-error': '录播姬内部出错',
    'bad-data': '录播姬返回了无法识别的数据',
  } satisfies Record<Exclude<RecorderStatusKind, 'ok' | 'off'>, string>,
  /** With several recorders: one that is down, named ("NAS: unreachable"). */
  recorderDown: (name: string, problem: string) => `${name}：${problem}`,
  recorderShort: {
    unreachable: '连不上',
    unauthorized: '用户名或密码不对',
    'open-access-guard': '拒绝访问（412）',
    'not-a-recorder': '地址不是录播姬',
    'server-error': '内部出错',
    'bad-data': '数据无法识别',
  } satisfies Record<Exclude<RecorderStatusKind, 'ok' | 'off'>, string>,
  /** A live room's "Record" entry naming its recorder, where there are several. */
  recordRoomOn: (name: string, recorder: string) => `录这场：${name}（${recorder}）`,
};

/** Every string the tray icon and its menu show. */
export type TrayStrings = typeof ZH_CN;

/** The tray's strings in each language the app speaks. */
export const TRAY_STRINGS: Readonly<Record<Language, TrayStrings>> = {
  'zh-CN': ZH_CN,
  en: {
    appName: 'Recorder Tray',
    openWindow: 'Open window',
    liveRooms: 'Live rooms',
    noLiveRooms: 'No room is live',
    moreRooms: (count) => `${count} more…`,
    pauseNotifications: 'Pause notifications',
    pauseHour: 'For 1 hour',
    pauseTomorrow: 'Until tomorrow',
    pauseForever: 'Until I resume',
    resume: 'Resume notifications',
    pausedNote: 'Notifications paused',
    jobsLine: (count) => (count === 1 ? '1 job running' : `${count} jobs running`),
    quietHour: 'Quiet for 1 hour (a digest at the end)',
    quietMorning: 'Quiet until 8:00',
    quietOff: 'End quiet time',
    quietNote: 'Quiet hours',
    openRecorderUi: "Open the recorder's web UI",
    openRecorderApi: "Open the recorder's API browser",
    openLogs: 'Open logs folder',
    quit: 'Quit',
    restartToUpdate: (version) => `Restart to update to v${version}`,
    installUpdate: (version) => `A new version is ready: install v${version}`,
    downloadUpdate: (version) => `Download the new version v${version}`,
    recordRoom: (name) => `Record: ${name}`,
    recordingLine: (names) => `Recording: ${names}`,
    liveLine: (names) => `Live: ${names}`,
    idleLine: 'Nothing live or recording',
    overflow: (count) => `+${count} more`,
    listSeparator: ', ',
    problemsLine: (count, first) =>
      count === 1 ? `⚠ ${first}` : `⚠ ${count} recording problems: ${first}, …`,
    problemsMenu: (count) => `Recording problems (${count})`,
    storageTrouble: '⚠ Cannot write the data folder (disk full?); retrying',
    recorderProblem: {
      unreachable: 'Recorder unreachable',
      unauthorized: 'Recorder refused the user name or password',
      'open-access-guard': 'Recorder refused access (412)',
      'not-a-recorder': 'This address is not a recorder',
      'server-error': 'Recorder server error',
      'bad-data': 'Recorder sent data the app cannot read',
    },
    recorderDown: (name, problem) => `${name}: ${problem}`,
    recorderShort: {
      unreachable: 'unreachable',
      unauthorized: 'wrong user name or password',
      'open-access-guard': 'refused access (412)',
      'not-a-recorder': 'not a recorder address',
      'server-error': 'server error',
      'bad-data': 'unreadable data',
    },
    recordRoomOn: (name, recorder) => `Record: ${name} (${recorder})`,
  },
};
