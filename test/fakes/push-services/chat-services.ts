import { createHmac } from 'node:crypto';
import type { FakeAnswer, ReceivedPush } from './fake-push-server';

// Group bots and chat services, each judging a request as its documentation (or, where the
// documentation is silent, its published source) says, and answering in its words.

/** A counter of sends in the current minute, for a service's rate limit. */
function perMinute(limit: number, now: () => number) {
  const times: number[] = [];
  return () => {
    const t = now();
    while (times.length > 0 && t - times[0]! >= 60_000) times.shift();
    times.push(t);
    return times.length > limit;
  };
}

/** A group bot as a test sets it up: its token, signing secret, keyword and rate. */
export interface GroupBotOptions {
  token: string;
  secret?: string;
  keyword?: string;
  now?: () => number;
  limitPerMinute?: number;
}

/**
 * DingTalk custom bot (POST /robot/send?access_token=…, `{errcode, errmsg}`): 300001 for an
 * unknown token, 310000 for a failed security check, 130101 over 20 messages a minute.
 */
export function dingTalkService(options: GroupBotOptions) {
  const now = options.now ?? Date.now;
  const over = perMinute(options.limitPerMinute ?? 20, now);
  return (r: ReceivedPush): FakeAnswer => {
    if (r.path !== '/robot/send' || r.query.get('access_token') !== options.token)
      return { status: 200, json: { errcode: 300001, errmsg: 'token is not exist' } };
    if (options.secret) {
      const timestamp = Number(r.query.get('timestamp'));
      const expected = createHmac('sha256', options.secret)
        .update(`${r.query.get('timestamp')}\n${options.secret}`)
        .digest('base64');
      if (!(Math.abs(now() - timestamp) < 3_600_000))
        return { status: 200, json: { errcode: 310000, errmsg: 'invalid timestamp' } };
      if (r.query.get('sign') !== expected)
        return { status: 200, json: { errcode: 310000, errmsg: 'sign not match' } };
    }
    const text = String(r.body?.markdown?.text ?? r.body?.text?.content ?? '');
    if (options.keyword && !text.includes(options.keyword))
      return { status: 200, json: { errcode: 310000, errmsg: 'keywords not in content' } };
    if (over())
      return {
        status: 200,
        json: { errcode: 130101, errmsg: 'send too fast, exceed 20 times per minute' },
      };
    return { status: 200, json: { errcode: 0, errmsg: 'ok' } };
  };
}

/**
 * Feishu / Lark custom bot (POST /open-apis/bot/v2/hook/<token>, `{code, msg}`): 19001 for an
 * unknown token, 19021 for a bad signature or a timestamp over an hour off, 19024 a missing
 * keyword, 11232 over the bot's rate (100 a minute).
 */
export function feishuService(options: GroupBotOptions) {
  const now = options.now ?? Date.now;
  const over = perMinute(options.limitPerMinute ?? 100, now);
  return (r: ReceivedPush): FakeAnswer => {
    if (r.path !== `/open-apis/bot/v2/hook/${options.token}`)
      return {
        status: 200,
        json: {
          code: 19001,
          data: {},
          msg: 'param invalid: incoming webhook access token invalid',
        },
      };
    if (options.secret) {
      const timestamp = String(r.body?.timestamp);
      const expected = createHmac('sha256', `${timestamp}\n${options.secret}`)
        .update('')
        .digest('base64');
      if (r.body?.sign !== expected || Math.abs(now() / 1000 - Number(timestamp)) > 3600)
        return {
          status: 200,
          json: {
            code: 19021,
            data: {},
            msg: 'sign match fail or timestamp is not within one hour from current time',
          },
        };
    }
    if (options.keyword && !JSON.stringify(r.body?.content ?? {}).includes(options.keyword))
      return { status: 200, json: { code: 19024, data: {}, msg: 'Key Words Not Found' } };
    if (over()) return { status: 200, json: { code: 11232, data: {}, msg: 'frequency limited' } };
    return {
      status: 200,
      json: { StatusCode: 0, StatusMessage: 'success', code: 0, data: {}, msg: 'success' },
    };
  };
}

/**
 * PushDeer (easychen/pushdeer PushDeerMessageController@push): `{code:0, content:{result}}`;
 * a missing field is 80501 with Laravel's words; an unknown key an HTTP 500 (the controller reads
 * a null key's owner); a key whose account has no device 80501 "没有可用的设备，请先注册".
 */
export function pushDeerService(keys: readonly string[], withoutDevice: readonly string[] = []) {
  return (r: ReceivedPush): FakeAnswer => {
    if (r.path !== '/message/push') return { status: 404, json: { message: 'Not Found' } };
    if (typeof r.body?.text !== 'string' || r.body.text === '')
      return { status: 200, json: { code: 80501, error: 'The text field is required.' } };
    if (withoutDevice.includes(r.body.pushkey))
      return { status: 200, json: { code: 80501, error: '没有可用的设备，请先注册' } };
    if (!keys.includes(r.body.pushkey)) return { status: 500, json: { message: 'Server Error' } };
    return {
      status: 200,
      json: { code: 0, content: { result: ['{"counts":1,"logs":[],"success":"ok"}'] } },
    };
  };
}

/**
 * WxPusher (POST /api/send/message; `{code:1000, msg:"处理成功", data:[…], success:true}`): a
 * wrong token is refused in `msg` ("appToken不正确"); over 20 calls in 10 s is code 1008.
 */
export function wxPusherService(token: string, options: { limitPer10s?: number } = {}) {
  const times: number[] = [];
  return (r: ReceivedPush): FakeAnswer => {
    if (r.path !== '/api/send/message')
      return { status: 404, json: { code: 404, msg: 'Not Found' } };
    if (r.body?.appToken !== token)
      return {
        status: 200,
        json: { code: 1001, msg: 'appToken不正确', data: null, success: false },
      };
    const t = Date.now();
    while (times.length > 0 && t - times[0]! >= 10_000) times.shift();
    times.push(t);
    if (times.length > (options.limitPer10s ?? 20))
      return { status: 200, json: { code: 1008, msg: '发送频率过快', data: null, success: false } };
    const data = [
      ...(r.body.uids as string[]).map((uid) => ({ uid, topicId: null, code: 1000 })),
      ...(r.body.topicIds as number[]).map((topicId) => ({ uid: null, topicId, code: 1000 })),
    ].map((d, i) => ({
      ...d,
      messageContentId: 1,
      sendRecordId: i + 1,
      status: '创建发送任务成功',
    }));
    return { status: 200, json: { code: 1000, msg: '处理成功', data, success: true } };
  };
}

/**
 * Discord webhooks (POST /api/webhooks/<id>/<token>): 404 Unknown Webhook (10015), 401 Invalid
 * Webhook Token (50027), 400 for an empty message (50006), 429 with retry_after when limited.
 */
export function discordService(id: string, token: string, options: { limited?: boolean } = {}) {
  return (r: ReceivedPush): FakeAnswer => {
    const match = /^\/api\/webhooks\/([^/]+)\/([^/]+)$/.exec(r.path);
    if (!match || match[1] !== id)
      return { status: 404, json: { message: 'Unknown Webhook', code: 10015 } };
    if (match[2] !== token)
      return { status: 401, json: { message: 'Invalid Webhook Token', code: 50027 } };
    if (options.limited)
      return {
        status: 429,
        json: { message: 'You are being rate limited.', retry_after: 0.5, global: false },
      };
    if (!r.body?.content && !(r.body?.embeds?.length > 0))
      return { status: 400, json: { message: 'Cannot send an empty message', code: 50006 } };
    return {
      status: 200,
      json: { id: '1', type: 0, content: '', embeds: r.body.embeds ?? [], webhook_id: id },
    };
  };
}

/**
 * A OneBot v11 HTTP API (https://github.com/botuniverse/onebot-11/blob/master/communication/http.md): 401 without a token, 403 with a wrong
 * one, 404 for an unknown action; otherwise 200 with `{status, retcode, data}`; a group the bot is
 * not in is refused as go-cqhttp does (retcode 100, GROUP_NOT_FOUND, 群聊不存在).
 */
export function oneBotService(options: { token?: string; groups: number[]; users: number[] }) {
  let next = 1;
  return (r: ReceivedPush): FakeAnswer => {
    if (options.token) {
      const given = r.headers.authorization ?? r.query.get('access_token');
      if (!given) return { status: 401, json: null };
      if (given !== `Bearer ${options.token}` && given !== options.token)
        return { status: 403, json: null };
    }
    const known = r.path === '/send_group_msg' || r.path === '/send_private_msg';
    if (!known) return { status: 404, json: null };
    const group = r.path === '/send_group_msg';
    const id = group ? r.body?.group_id : r.body?.user_id;
    if (!(group ? options.groups : options.users).includes(id))
      return {
        status: 200,
        json: group
          ? {
              status: 'failed',
              retcode: 100,
              msg: 'GROUP_NOT_FOUND',
              wording: '群聊不存在',
              data: null,
            }
          : {
              status: 'failed',
              retcode: 100,
              msg: 'SEND_MSG_API_ERROR',
              wording: '请参考 go-cqhttp 端输出',
              data: null,
            },
      };
    return { status: 200, json: { status: 'ok', retcode: 0, data: { message_id: next++ } } };
  };
}
