// The group bots and chat services, in Apprise's syntax (caronc/apprise, plugins/dingtalk.py,
// feishu.py, lark.py, pushdeer.py, wxpusher.py, discord.py, telegram.py), and QQ through a OneBot v11 HTTP API
// in this app's own syntax (Apprise has none): see docs/push-and-phone.md.
import type { OneBotCommands, PushUrlResult } from './push-target';
import { accept, commandsOn, listOf, mask, originOf, refuse, type Parts } from './push-url-parts';

const TOKEN = /^[A-Za-z0-9_-]{4,}$/;

/** `dingtalk://[secret@]token[/phone…]` (also `?token=`, `?secret=`, `?to=`). */
export function dingtalk(parts: Parts): PushUrlResult {
  const token = parts.query.token || parts.host;
  const secret = parts.query.secret || parts.user;
  const mobiles = [...parts.segments, ...listOf(parts.query.to)].map((m) => m.replace(/\D/g, ''));
  if (!/^[A-Za-z0-9]+$/.test(token) || (secret !== undefined && !/^[A-Za-z0-9]+$/.test(secret)))
    return refuse('DingTalk needs the bot’s access token: dingtalk://[secret@]access_token');
  if (mobiles.some((m) => m.length < 11 || m.length > 14))
    return refuse('DingTalk: a phone number to @ has 11 to 14 digits');
  return accept(
    { service: 'dingtalk', token, mobiles, ...(secret ? { secret } : {}) },
    [token, secret ?? ''],
    `dingtalk://${secret ? '***@' : ''}${mask(token)}${mobiles.length ? `/${mobiles.join('/')}` : ''}`,
  );
}

/** `feishu://[secret@]token` (open.feishu.cn) and `lark://[secret@]token` (open.larksuite.com). */
export function feishu(parts: Parts): PushUrlResult {
  const token = parts.query.token || parts.host;
  const secret = parts.query.secret || parts.user;
  if (!TOKEN.test(token))
    return refuse(
      `${parts.scheme} needs the bot’s webhook token: ${parts.scheme}://[secret@]token`,
    );
  const origin = parts.scheme === 'lark' ? 'https://open.larksuite.com' : 'https://open.feishu.cn';
  return accept(
    { service: 'feishu', origin, token, ...(secret ? { secret } : {}) },
    [token, secret ?? ''],
    `${parts.scheme}://${secret ? '***@' : ''}${mask(token)}`,
  );
}

/** `pushdeer://pushkey` (the public server) or `pushdeer[s]://host[:port]/pushkey`. */
export function pushdeer(parts: Parts): PushUrlResult {
  const cloud = parts.segments.length === 0;
  const key = cloud ? parts.host : parts.segments.at(-1)!;
  // The public server only over https: the key is the only secret there is.
  const origin = cloud ? 'https://api2.pushdeer.com' : originOf(parts);
  if (!origin || !/^[A-Za-z0-9]+$/.test(key))
    return refuse('PushDeer needs its push key: pushdeer://pushkey or pushdeer://host/pushkey');
  return accept(
    { service: 'pushdeer', origin, pushKey: key },
    [key],
    `${parts.scheme}://${cloud ? '' : `${parts.host}/`}${mask(key)}`,
  );
}

/** `wxpusher://AT_token/UID_…/topic_id…` (also `?token=`, `?to=`). */
export function wxpusher(parts: Parts): PushUrlResult {
  const fromQuery = parts.query.token !== undefined && parts.query.token !== '';
  const token = fromQuery ? parts.query.token! : parts.host;
  const targets = [...(fromQuery && parts.host ? [parts.host] : []), ...parts.segments];
  targets.push(...listOf(parts.query.to));
  const uids = targets.filter((t) => /^UID_\S+$/i.test(t));
  const topicIds = targets.filter((t) => /^[1-9]\d{0,20}$/.test(t)).map(Number);
  const bad = targets.length - uids.length - topicIds.length;
  if (!/^AT_\S+$/i.test(token) || targets.length === 0 || bad > 0)
    return refuse('WxPusher needs an app token and UIDs or topic ids: wxpusher://AT_…/UID_…');
  return accept(
    { service: 'wxpusher', appToken: token, uids, topicIds },
    [token],
    `wxpusher://${mask(token)}/${[...topicIds, ...uids.map(mask)].join('/')}`,
  );
}

/** `discord://[botname@]webhook_id/webhook_token`. */
export function discord(parts: Parts): PushUrlResult {
  const id = parts.host;
  const token = parts.segments[0];
  if (!/^\d+$/.test(id) || !token || !TOKEN.test(token))
    return refuse('Discord needs the webhook’s id and token: discord://webhook_id/webhook_token');
  const botName = parts.query.botname || parts.user;
  return accept(
    { service: 'discord', webhookId: id, webhookToken: token, ...(botName ? { botName } : {}) },
    [token],
    `discord://${botName ? `${botName}@` : ''}${id}/${mask(token)}`,
  );
}

/**
 * `onebot[s]://[access_token@]host[:port]/group/<id>/user/<qq>…`: QQ through a OneBot v11
 * implementation's HTTP API (`send_group_msg`, `send_private_msg`). Also `?access_token=`.
 */
export function onebot(parts: Parts): PushUrlResult {
  const origin = originOf(parts);
  const token = parts.query.access_token || parts.query.token || parts.user;
  const groups: number[] = [];
  const users: number[] = [];
  const segments = parts.segments;
  let fine = segments.length > 0 && segments.length % 2 === 0;
  for (let i = 0; fine && i < segments.length; i += 2) {
    const id = segments[i + 1]!;
    const list = segments[i] === 'group' ? groups : segments[i] === 'user' ? users : undefined;
    if (!list || !/^[1-9]\d{4,11}$/.test(id)) fine = false;
    else list.push(Number(id));
  }
  if (!origin || !fine)
    return refuse('OneBot needs a host and targets: onebot://[token@]host:port/group/123/user/456');
  const commands = oneBotCommands(parts);
  if (typeof commands === 'string') return refuse(commands);
  const shownQuery = commands
    ? `?commands=yes${commands.postKey ? `&post=${mask(commands.postKey)}` : ''}${commands.ws ? `&ws=${commands.ws}` : ''}`
    : '';
  return accept(
    {
      service: 'onebot',
      origin,
      groups,
      users,
      ...(token ? { token } : {}),
      ...(commands ? { commands } : {}),
    },
    [token ?? '', commands?.postKey ?? '', commands?.secret ?? ''],
    `${parts.scheme}://${token ? '***@' : ''}${parts.host}/${segments.join('/')}${shownQuery}`,
  );
}

/**
 * `?commands=yes` with `post=<key>&secret=<secret>` (events by HTTP POST, signed) or
 * `ws=ws://host:port` (a forward WebSocket), and `members=<qq>,…` for groups.
 */
function oneBotCommands(parts: Parts): OneBotCommands | undefined | string {
  if (!commandsOn(parts)) return undefined;
  const members = listOf(parts.query.members);
  if (members.some((m) => !/^[1-9]\d{4,11}$/.test(m))) return 'OneBot: members= lists QQ numbers';
  const postKey = parts.query.post;
  const secret = parts.query.secret;
  const ws = parts.query.ws?.replace(/\/+$/, '');
  if (postKey !== undefined && (!/^[A-Za-z0-9_-]{16,}$/.test(postKey) || !secret))
    return 'OneBot: post= takes a key of 16 or more letters and digits, with the secret= that signs the events';
  if (ws !== undefined && !/^wss?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/.test(ws))
    return 'OneBot: ws= takes the forward WebSocket address, e.g. ws://127.0.0.1:6700';
  if ((postKey === undefined) === (ws === undefined))
    return 'OneBot: commands come either by post= (HTTP POST) or by ws= (forward WebSocket)';
  return {
    members: members.map(Number),
    ...(postKey ? { postKey, secret: secret! } : {}),
    ...(ws ? { ws } : {}),
  };
}

/**
 * `tgram://bot_token/chat_id…` (Apprise), plus this app's `?commands=yes` (the bot takes commands
 * from these chats: issue 43; in a group from the `members=` user ids only) and `?api=` (a Bot
 * API mirror or a local Bot API server).
 */
export function tgram(parts: Parts): PushUrlResult {
  const token = /^(?:bot)?(\d+:[A-Za-z0-9_-]+)$/.exec(parts.host)?.[1];
  const chatIds = parts.segments;
  if (!token || chatIds.length === 0 || chatIds.some((id) => !/^(-?\d+|@\w+)$/.test(id)))
    return refuse('telegram needs a bot token and chat id: tgram://123456:ABC…/chat_id');
  const api = parts.query.api?.replace(/\/+$/, '');
  if (api !== undefined && !/^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/.test(api))
    return refuse('telegram: api= takes an http(s) address, e.g. https://tg.example.com');
  const commands = commandsOn(parts);
  // In a group, only the members listed give commands: the same word as OneBot's (issue 43).
  const members = listOf(parts.query.members);
  if (members.some((m) => !/^[1-9]\d{0,15}$/.test(m)))
    return refuse('telegram: members= lists user ids (numbers), e.g. members=111111,222222');
  const botId = token.slice(0, token.indexOf(':'));
  const query = [
    ...(commands ? ['commands=yes'] : []),
    ...(api ? [`api=${api}`] : []),
    ...(commands && members.length ? [`members=${members.join(',')}`] : []),
  ];
  return accept(
    {
      service: 'tgram',
      botToken: token,
      chatIds,
      ...(api ? { api } : {}),
      ...(commands ? { commands, members } : {}),
    },
    [token, token.slice(botId.length + 1)],
    `tgram://${botId}:***/${chatIds.join('/')}${query.length ? `?${query.join('&')}` : ''}`,
  );
}
