import type { FakeAnswer, ReceivedPush } from './fake-push-server';

// Each fake judges a request as its service's documentation says, and answers in its words.

/** ntfy (docs.ntfy.sh/publish, "Publish as JSON"; errors as `{code, http, error}`). */
export function ntfyService(options: { token?: string } = {}) {
  return (r: ReceivedPush): FakeAnswer => {
    if (options.token && r.headers.authorization !== `Bearer ${options.token}`)
      return { status: 403, json: { code: 40301, http: 403, error: 'forbidden' } };
    if (r.method !== 'POST' || r.path !== '/' || typeof r.body?.topic !== 'string')
      return { status: 400, json: { code: 40001, http: 400, error: 'invalid request' } };
    if (!/^[-_A-Za-z0-9]{1,64}$/.test(r.body.topic))
      return { status: 400, json: { code: 40009, http: 400, error: 'invalid topic' } };
    return {
      status: 200,
      json: { id: 'x1', event: 'message', topic: r.body.topic, message: r.body.message },
    };
  };
}

/** Bark (bark-server: POST /push with JSON, `{code, message}` in every answer). */
export function barkService(keys: readonly string[]) {
  return (r: ReceivedPush): FakeAnswer => {
    if (r.method !== 'POST' || r.path !== '/push')
      return { status: 404, json: { code: 404, message: 'not found' } };
    if (!keys.includes(r.body?.device_key))
      return {
        status: 400,
        json: {
          code: 400,
          message: 'failed to get device token: failed to get [x] device token from database',
        },
      };
    if (!r.body.body) return { status: 400, json: { code: 400, message: 'body is empty' } };
    return { status: 200, json: { code: 200, message: 'success', timestamp: 1 } };
  };
}

/** Gotify (POST /message, X-Gotify-Key or ?token=; errors `{error, errorCode, errorDescription}`). */
export function gotifyService(token: string, prefix = '') {
  return (r: ReceivedPush): FakeAnswer => {
    if (r.path !== `${prefix}/message`)
      return {
        status: 404,
        json: { error: 'Not Found', errorCode: 404, errorDescription: 'page not found' },
      };
    const given = r.headers['x-gotify-key'] ?? r.query.get('token');
    if (given !== token)
      return {
        status: 401,
        json: {
          error: 'Unauthorized',
          errorCode: 401,
          errorDescription:
            'you need to provide a valid access token or user credentials to access this api',
        },
      };
    if (!r.body?.message)
      return {
        status: 400,
        json: {
          error: 'Bad Request',
          errorCode: 400,
          errorDescription: 'Field message is required',
        },
      };
    return { status: 200, json: { id: 1, appid: 1, message: r.body.message, title: r.body.title } };
  };
}

/**
 * Telegram Bot API (POST /bot<token>/sendMessage with `text`, or /sendPhoto with `photo` and
 * `caption`; `{ok, error_code, description}`). A photo URL it cannot fetch (not https here)
 * answers 400 "wrong file identifier/HTTP URL specified", as Telegram does.
 */
export function telegramService(token: string, chats: readonly string[]) {
  return (r: ReceivedPush): FakeAnswer => {
    const match = /^\/bot([^/]+)\/(sendMessage|sendPhoto)$/.exec(r.path);
    if (!match || match[1] !== token)
      return { status: 401, json: { ok: false, error_code: 401, description: 'Unauthorized' } };
    if (!chats.includes(String(r.body?.chat_id)))
      return {
        status: 400,
        json: { ok: false, error_code: 400, description: 'Bad Request: chat not found' },
      };
    if (match[2] === 'sendPhoto') {
      if (typeof r.body.photo !== 'string' || !r.body.photo.startsWith('https://'))
        return {
          status: 400,
          json: {
            ok: false,
            error_code: 400,
            description: 'Bad Request: wrong file identifier/HTTP URL specified',
          },
        };
      return {
        status: 200,
        json: { ok: true, result: { message_id: 1, caption: r.body.caption } },
      };
    }
    if (!r.body.text)
      return {
        status: 400,
        json: { ok: false, error_code: 400, description: 'Bad Request: message text is empty' },
      };
    return { status: 200, json: { ok: true, result: { message_id: 1, text: r.body.text } } };
  };
}

/** ServerChan Turbo (POST /<SendKey>.send with title, desp; `{code: 0, message}` when taken). */
export function serverChanService(key: string) {
  return (r: ReceivedPush): FakeAnswer => {
    if (r.path !== `/${key}.send`)
      return { status: 200, json: { code: 40001, message: 'bad pushtoken', data: null } };
    if (!r.body?.title) return { status: 200, json: { code: 20001, message: 'title is required' } };
    return {
      status: 200,
      json: {
        code: 0,
        message: '',
        data: { pushid: '1', readkey: 'r', error: 'SUCCESS', errno: 0 },
      },
    };
  };
}

/** PushPlus (POST /send with `{token, title, content, template}`; `{code: 200, msg}` when taken). */
export function pushPlusService(token: string) {
  return (r: ReceivedPush): FakeAnswer => {
    if (r.path !== '/send') return { status: 404, json: { code: 404, msg: 'not found' } };
    if (r.body?.token !== token)
      return { status: 200, json: { code: 903, msg: '无效的用户token', data: null } };
    if (!r.body.content)
      return { status: 200, json: { code: 900, msg: '内容不能为空', data: null } };
    return { status: 200, json: { code: 200, msg: '请求成功', data: 'abc' } };
  };
}

/** WeCom group bot (POST /cgi-bin/webhook/send?key=; `{errcode: 0, errmsg: "ok"}` when taken). */
export function weComService(key: string) {
  return (r: ReceivedPush): FakeAnswer => {
    if (r.path !== '/cgi-bin/webhook/send' || r.query.get('key') !== key)
      return {
        status: 200,
        json: { errcode: 93000, errmsg: 'invalid webhook url, hint: [1] from ip: 127.0.0.1' },
      };
    if (r.body?.msgtype !== 'text' || !r.body.text?.content)
      return { status: 200, json: { errcode: 40008, errmsg: 'invalid message type' } };
    return { status: 200, json: { errcode: 0, errmsg: 'ok' } };
  };
}

/** A plain JSON receiver (Apprise json://): takes any JSON object, 401 without the right Basic auth. */
export function jsonService(basic?: string) {
  return (r: ReceivedPush): FakeAnswer => {
    if (basic && r.headers.authorization !== `Basic ${Buffer.from(basic).toString('base64')}`)
      return { status: 401, json: { error: 'unauthorized' } };
    if (typeof r.body !== 'object' || r.body === null)
      return { status: 400, json: { error: 'not JSON' } };
    return { status: 204, json: null };
  };
}
