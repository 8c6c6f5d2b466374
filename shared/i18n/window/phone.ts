import type { PhoneStatus } from '../../push';
import type { Language } from '../../settings';

const ZH_CN = {
  connection: {
    connecting: '机器人：连接中',
    connected: '机器人：已连接',
    badToken: '机器人：令牌不对',
    conflict: '机器人：另有程序在接收这个机器人的消息（或设置了 webhook）',
    waiting: '机器人：服务要求稍等',
    unreachable: '机器人：连不上',
  } satisfies Record<PhoneStatus['connection'], string>,
  /** Before the last command's line. */
  lastCommand: '上一条命令',
  /** "from <sender>". */
  from: '来自',
  sendCommands: '把命令列表发给我',
};

/** Settings → Push, for a target that takes commands from the phone (issue 43). */
export type PhoneStrings = typeof ZH_CN;

/** The phone's words in Settings → Push, per language. */
export const PHONE_STRINGS: Readonly<Record<Language, PhoneStrings>> = {
  'zh-CN': ZH_CN,
  en: {
    connection: {
      connecting: 'Bot: connecting',
      connected: 'Bot: connected',
      badToken: 'Bot: the token is wrong',
      conflict: 'Bot: another program takes this bot’s messages (or a webhook is set)',
      waiting: 'Bot: the service asked to wait',
      unreachable: 'Bot: cannot be reached',
    },
    lastCommand: 'Last command',
    from: 'from',
    sendCommands: 'Send me the commands list',
  },
};
