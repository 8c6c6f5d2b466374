import type { PushFailure } from '../../push';
import type { Language } from '../../settings';

const PLACEHOLDERS = '{name} {title} {area} {roomId} {url} {file} {size} {duration} {problem}';

/** The Chinese strings: their keys and types are PushStrings, which every language fills. */
const ZH_CN = {
  section: '推送',
  intro: '把桌面通知同时推送到手机、邮箱或群聊。每个目标一个 Apprise 格式的地址。',
  addUrl: '新目标地址',
  addUrlHint:
    '例如 ntfy://ntfy.sh/主题、bark://api.day.app/设备码、gotify://主机/令牌、tgram://机器人令牌/会话ID、schan://SendKey、pushplus://令牌、wecombot://机器人key、mailtos://用户:授权码@qq.com、dingtalk://加签密钥@access_token、feishu://加签密钥@令牌（lark:// 国际版）、pushdeer://PushKey、wxpusher://AT_令牌/UID_用户、discord://webhook_id/webhook_token、onebot://access_token@主机:5700/group/群号（QQ）、json://主机/路径',
  add: '添加',
  url: '地址',
  show: '显示',
  hide: '隐藏',
  enabled: '启用',
  kinds: '推送的事件',
  kindsHint: '都不勾选：推送所有会弹出的通知。',
  rooms: '只推送这些直播间',
  roomsHint: '房间号，用逗号分隔；留空：所有直播间。',
  titleTemplate: '标题模板',
  bodyTemplate: '正文模板',
  templateHint: `留空使用默认模板。可用：${PLACEHOLDERS}`,
  test: '发送测试',
  testing: '正在发送…',
  remove: '删除',
  none: '还没有推送目标。',
  sent: '已送达',
  /** Before the last settled push's outcome and time. */
  lastPush: '上次推送',
  saveFailed: '保存失败：',
  badRooms: '房间号只能是数字，用逗号分隔。',
  /** Why a push failed, in plain words. */
  failures: {
    badUrl: '地址格式不对',
    badToken: '令牌或密钥无效',
    notFound: '找不到该主题、会话或设备',
    rejected: '服务拒绝了这条消息',
    rateLimited: '发送太频繁，被限流',
    serverError: '服务出错',
    unreachable: '连不上服务',
    timeout: '服务没有及时回应',
    removed: '目标已删除或停用',
    expired: '一小时内都没能送达',
    badSecret: '签名密钥（加签 secret）不对',
    botRemoved: '机器人已被移出群聊或删除（或地址有误）',
    keywordMissing: '消息里没有机器人安全设置要求的关键词（可写进模板）',
    badLogin: '邮箱用户名或密码（授权码）不对',
    badCertificate: '服务器的证书不受信任（自签证书：在地址后加 verify=no）',
  } satisfies Record<PushFailure, string>,
};

/** Settings → Push: targets as URLs, their filters, a test button and the last result. */
export type PushStrings = typeof ZH_CN;

/** Strings of the push settings in each language. */
export const PUSH_STRINGS: Record<Language, PushStrings> = {
  'zh-CN': ZH_CN,
  en: {
    section: 'Push',
    intro:
      'Push the desktop notifications to a phone, a mailbox or a chat too. One Apprise-style URL per target.',
    addUrl: 'New target URL',
    addUrlHint:
      'e.g. ntfy://ntfy.sh/topic, bark://api.day.app/device_key, gotify://host/token, tgram://bot_token/chat_id, schan://SendKey, pushplus://token, wecombot://bot_key, mailtos://user:password@example.com/to@example.org, dingtalk://secret@access_token, feishu://secret@token (lark:// for Lark), pushdeer://pushkey, wxpusher://AT_token/UID_user, discord://webhook_id/webhook_token, onebot://access_token@host:5700/group/123 (QQ), json://host/path',
    add: 'Add',
    url: 'URL',
    show: 'Show',
    hide: 'Hide',
    enabled: 'On',
    kinds: 'Events to push',
    kindsHint: 'None ticked: every notification that pops up.',
    rooms: 'Only these rooms',
    roomsHint: 'Room numbers, comma-separated; empty: every room.',
    titleTemplate: 'Title template',
    bodyTemplate: 'Body template',
    templateHint: `Empty: the default. Placeholders: ${PLACEHOLDERS}`,
    test: 'Send a test',
    testing: 'Sending…',
    remove: 'Remove',
    none: 'No push targets yet.',
    sent: 'Delivered',
    lastPush: 'Last push',
    saveFailed: 'Could not save: ',
    badRooms: 'Room numbers are digits, separated by commas.',
    failures: {
      badUrl: 'the URL is not one the app can push to',
      badToken: 'bad token or key',
      notFound: 'unknown topic, chat or device',
      rejected: 'the service refused the message',
      rateLimited: 'too many messages: rate-limited',
      serverError: 'the service had an error',
      unreachable: 'cannot reach the service',
      timeout: 'the service did not answer in time',
      removed: 'the target was removed or switched off',
      expired: 'not delivered within an hour',
      badSecret: 'the signing secret is wrong',
      botRemoved: 'the bot was removed from the group or deleted (or the URL is wrong)',
      keywordMissing: 'the message lacks the bot’s security keyword (put it in a template)',
      badLogin: 'wrong mail user name or password',
      badCertificate:
        'the server’s certificate is not trusted (a self-signed one: add verify=no to the URL)',
    },
  },
};
