import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

// A fake OneBot v11 implementation (NapCat, Lagrange…), from botuniverse/onebot-11:
// https://github.com/botuniverse/onebot-11/blob/master/communication/http-post.md (events POSTed as JSON, `X-Signature: sha1=<HMAC-SHA1 of the body>`
// when a secret is set, `X-Self-ID`; a JSON answer is a quick operation such as `{"reply": …}`),
// https://github.com/botuniverse/onebot-11/blob/master/communication/ws.md (forward WebSocket: `/` pushes events and takes `{action, params, echo}`),
// https://github.com/botuniverse/onebot-11/blob/master/communication/authorization.md (`Authorization: Bearer <access_token>`), https://github.com/botuniverse/onebot-11/blob/master/event/message.md.

/** The QQ number the fake's bot is logged in as. */
export const SELF_ID = 10001000;

/** A private message event. */
export function privateMessage(userId: number, text: string, time = Math.floor(Date.now() / 1000)) {
  return {
    time,
    self_id: SELF_ID,
    post_type: 'message',
    message_type: 'private',
    sub_type: 'friend',
    message_id: 12,
    user_id: userId,
    message: text,
    raw_message: text,
    font: 456,
    sender: { user_id: userId, nickname: '小不点' },
  };
}

/** A group message event (an @ of the bot written as its CQ code, as implementations send it). */
export function groupMessage(groupId: number, userId: number, text: string, atBot = false) {
  const raw = `${atBot ? `[CQ:at,qq=${SELF_ID}] ` : ''}${text}`;
  return {
    ...privateMessage(userId, raw),
    message_type: 'group',
    sub_type: 'normal',
    group_id: groupId,
    anonymous: null,
    sender: { user_id: userId, nickname: '群友', role: 'member' },
  };
}

/** POSTs an event as the implementation does; `signWith`: the secret, or a wrong one. */
export async function postEvent(
  url: string,
  event: object,
  signWith?: string,
): Promise<{ status: number; json: unknown }> {
  const body = JSON.stringify(event);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-self-id': String(SELF_ID),
  };
  if (signWith !== undefined)
    headers['x-signature'] = `sha1=${createHmac('sha1', signWith).update(body).digest('hex')}`;
  const response = await fetch(url, { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : JSON.parse(text) };
}

/** A forward WebSocket server of the fake: events out, API calls in. */
export interface FakeOneBotSocket {
  url: string;
  /** API calls received. */
  calls: { action: string; params: any }[];
  /** Connections accepted so far. */
  connections: number;
  /** Pushes an event to every connected client. */
  push(event: object): void;
  close(): Promise<void>;
}

/** Starts the forward WebSocket server; a client without the right Bearer token is refused 401. */
export async function startFakeOneBotSocket(token: string): Promise<FakeOneBotSocket> {
  const clients = new Set<WebSocket>();
  const fake = { calls: [], connections: 0 } as unknown as FakeOneBotSocket;
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: (info, done) => done(info.req.headers.authorization === `Bearer ${token}`, 401),
  });
  server.on('connection', (socket) => {
    fake.connections += 1;
    clients.add(socket);
    socket.on('close', () => clients.delete(socket));
    socket.on('message', (data) => {
      const call = JSON.parse(String(data));
      fake.calls.push({ action: call.action, params: call.params });
      socket.send(
        JSON.stringify({ status: 'ok', retcode: 0, data: { message_id: 1 }, echo: call.echo }),
      );
    });
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  fake.url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.push = (event) => {
    for (const client of clients) client.send(JSON.stringify(event));
  };
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const client of clients) client.terminate();
      server.close(() => resolve());
    });
  return fake;
}
