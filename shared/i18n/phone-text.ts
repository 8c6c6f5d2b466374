import type { Language } from '../settings';

// The command names are phone-command.ts's (shared/ stays free of main/): its list indexes these.
const EN_HELP = {
  live: 'who is live, and whether it records',
  rec: 'record a room: /rec <room number, live link or name>',
  stop: 'stop recording a room',
  split: 'start a new file for a room',
  mute: 'mute a room for an hour (add "morning": until 08:00)',
  quiet: 'quiet hours: /quiet hour | morning | off',
  last: 'the last finished files',
  jobs: 'jobs running or failed',
  disk: 'disk space left per recorder',
  status: 'the recorders and the app',
  help: 'this list',
};

type Name = keyof typeof EN_HELP;

/** What each command does, one line each: the help answer and Telegram's command menu. */
export const PHONE_COMMAND_HELP: Readonly<Record<Language, Record<Name, string>>> = {
  en: EN_HELP,
  'zh-CN': {
    live: '谁在播，是否在录',
    rec: '录制一个房间：录 <房间号、直播间链接或主播名>',
    stop: '停止录制一个房间',
    split: '为一个房间分段',
    mute: '静音一个房间 1 小时（加“早上”：到 08:00）',
    quiet: '免打扰：免打扰 1小时 | 早上 | 关',
    last: '最近录好的文件',
    jobs: '正在运行或失败的任务',
    disk: '每台录播姬的磁盘剩余空间',
    status: '录播姬和本应用的状态',
    help: '本列表',
  },
};

/** The fixed answers of the phone's commands. */
export const PHONE_TEXT = {
  en: {
    tooOld: 'Too old, not done: this command was sent more than two minutes ago.',
    tooSoon: 'One command a second, please: that one was not done.',
    unknown: 'Unknown command. /help lists them.',
    needsRoom: 'Which room? Add its number, live link or the start of the streamer’s name.',
    badSpan: 'Say how long: hour, morning or off.',
    noneLive: 'No one is live.',
    liveHeader: 'Live now:',
    recording: 'recording',
    notRecording: 'not recording',
    unknownRoom: 'No room by that name.',
    ambiguousRoom: 'Several rooms fit:',
    noRooms: 'The app knows no rooms yet.',
    noFiles: 'No finished files yet.',
    noJobs: 'No job is running or failed.',
    diskFree: (free: string) => `${free} free`,
    noRoot: 'no recording folder set in Settings',
    diskUnknown: 'cannot be read',
    quietOff: 'Quiet hours are off.',
    quietUntil: (time: string) => `Quiet until ${time}.`,
    mutedUntil: (room: string, time: string) => `Notifications of ${room} are muted until ${time}.`,
    helpHeader: 'Commands:',
    noCommands: 'This target takes no commands: add ?commands=yes to its URL.',
    ntfyButtonsOnly: 'ntfy takes no typed commands: its go-live pushes carry the buttons.',
    listSent: 'The commands list was sent.',
    listNotSent: 'The commands list could not be sent: see the log.',
    fromPhone: (service: string) => `Command from ${service}`,
  },
  'zh-CN': {
    tooOld: '太久了，没有执行：这条命令是两分钟以前发的。',
    tooSoon: '每秒只能执行一条命令：这条没有执行。',
    unknown: '不认识这条命令。发送“帮助”查看全部命令。',
    needsRoom: '哪个房间？请加上房间号、直播间链接或主播名的开头。',
    badSpan: '请说明多久：1小时、早上或关。',
    noneLive: '现在没有人在播。',
    liveHeader: '正在直播：',
    recording: '在录',
    notRecording: '没在录',
    unknownRoom: '没有这个名字的房间。',
    ambiguousRoom: '有几个房间都符合：',
    noRooms: '应用还不知道任何房间。',
    noFiles: '还没有录好的文件。',
    noJobs: '没有正在运行或失败的任务。',
    diskFree: (free: string) => `剩余 ${free}`,
    noRoot: '设置中没有填写录制文件夹',
    diskUnknown: '读不到',
    quietOff: '免打扰已关闭。',
    quietUntil: (time: string) => `免打扰到 ${time}。`,
    mutedUntil: (room: string, time: string) => `${room}的通知已静音到 ${time}。`,
    helpHeader: '命令：',
    noCommands: '这个推送目标不接受命令：请在地址后加上 ?commands=yes。',
    ntfyButtonsOnly: 'ntfy 不接受输入的命令：开播推送里带有按钮。',
    listSent: '命令列表已发送。',
    listNotSent: '命令列表没有发出去：请查看日志。',
    fromPhone: (service: string) => `来自 ${service} 的命令`,
  },
} as const;

/** A service's name in a history or log line ("from Telegram: …"). */
export const PHONE_SERVICE_NAMES = { tgram: 'Telegram', onebot: 'QQ', ntfy: 'ntfy' } as const;
