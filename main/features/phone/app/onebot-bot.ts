import { jsonOrUndefined } from '../../../../shared/parse';
import type { ServerResponse } from 'node:http';
import { sendJson } from '../../../adapters/json-answer';
import type { ListenerRoute } from '../../../adapters/webhook-listener/listener-types';
import { readBody } from '../../../adapters/webhook-listener/request-body';
import type { Logger } from '../../../core/ports';
import type { PushTarget } from '../../push/core/push-url';
import { readOneBotMessage, signatureOk, type OneBotMessage } from '../adapters/onebot-events';
import { OneBotSocket } from '../adapters/onebot-socket';
import type { PhoneInbox } from './phone-inbox';

/** A OneBot target that takes commands. */
export type OneBotTarget = Extract<PushTarget, { service: 'onebot' }> & {
  commands: NonNullable<Extract<PushTarget, { service: 'onebot' }>['commands']>;
};

/** What a OneBot bot works on. */
export interface OneBotBotDeps {
  inbox: PhoneInbox;
  log: Logger;
  /** Adds a route to the app's listener (HTTP POST events); returns its removal. */
  route: (prefix: string, handler: ListenerRoute) => () => void;
  onConnection?: (connected: boolean) => void;
  /** The target masked: names it in log lines and the window. */
  name: string;
}

/** Where HTTP POST events for a target go: the listener's `/phone/onebot/<key>`. */
const ONEBOT_POST_PREFIX = '/phone/onebot/';
/** An event is about 1 KB; anything far larger is not one. */
const EVENT_LIMIT = 64 * 1024;

/**
 * QQ through OneBot v11 (issue 43): message events by HTTP POST to the listener, signed
 * (X-Signature checked, the answer a quick reply), or through a forward WebSocket (the answer sent
 * back with send_private_msg / send_group_msg). Commands are taken from the target's QQ numbers,
 * and in its groups from the members it lists.
 */
export class OneBotBot {
  readonly #target: OneBotTarget;
  readonly #deps: OneBotBotDeps;
  #unroute: (() => void) | undefined;
  #socket: OneBotSocket | undefined;

  constructor(target: OneBotTarget, deps: OneBotBotDeps) {
    this.#target = target;
    this.#deps = deps;
  }

  /** Opens the way in: the listener's route, or the WebSocket. */
  start(): void {
    const { commands } = this.#target;
    if (commands.postKey) {
      const path = `${ONEBOT_POST_PREFIX}${commands.postKey}`;
      this.#unroute = this.#deps.route(path, (req, res, given) => {
        if (given !== path || req.method !== 'POST')
          return sendJson(res, 404, { error: 'not found' });
        readBody(req, res, EVENT_LIMIT, (body) => {
          if (Buffer.isBuffer(body)) void this.#posted(body, req.headers['x-signature'], res);
        });
      });
      this.#deps.onConnection?.(true);
    }
    if (commands.ws) {
      this.#socket = new OneBotSocket({
        url: commands.ws,
        ...(this.#target.token ? { token: this.#target.token } : {}),
        log: this.#deps.log,
        name: this.#deps.name,
        onEvent: (json) => void this.#fromSocket(json),
        ...(this.#deps.onConnection ? { onConnected: this.#deps.onConnection } : {}),
      });
      this.#socket.start();
    }
  }

  /** Closes the way in. */
  stop(): void {
    this.#unroute?.();
    this.#socket?.stop();
  }

  async #posted(
    body: Buffer,
    signature: string | string[] | undefined,
    res: ServerResponse,
  ): Promise<void> {
    const header = Array.isArray(signature) ? signature[0] : signature;
    if (!signatureOk(body, this.#target.commands.secret ?? '', header)) {
      this.#deps.log.warn(
        `phone: ${this.#deps.name}: an event with a ${header ? 'wrong' : 'missing'} signature was refused`,
      );
      return sendJson(res, header ? 403 : 401, { error: 'bad signature' });
    }
    const json = jsonOrUndefined(body.toString('utf8'));
    if (json === undefined) return sendJson(res, 400, { error: 'not JSON' });
    const message = readOneBotMessage(json);
    const answer = message ? await this.#take(message) : undefined;
    // A quick reply (https://github.com/botuniverse/onebot-11/blob/master/communication/http-post.md, 快速操作): sent back where the message came from.
    if (answer === undefined) return void res.writeHead(204).end();
    sendJson(res, 200, { reply: answer, auto_escape: true });
  }

  async #fromSocket(json: unknown): Promise<void> {
    const message = readOneBotMessage(json);
    if (!message) return;
    const answer = await this.#take(message);
    if (answer === undefined) return;
    const sent =
      message.kind === 'group'
        ? this.#socket?.call('send_group_msg', {
            group_id: message.groupId,
            message: answer,
            auto_escape: true,
          })
        : this.#socket?.call('send_private_msg', {
            user_id: message.userId,
            message: answer,
            auto_escape: true,
          });
    if (!sent) this.#deps.log.warn(`phone: ${this.#deps.name}: answer not sent (not connected)`);
  }

  #take(message: OneBotMessage): Promise<string | undefined> {
    const { users, groups, commands } = this.#target;
    const allowed =
      message.kind === 'private'
        ? users.includes(message.userId)
        : groups.includes(message.groupId!) && commands.members.includes(message.userId);
    return this.#deps.inbox.take({
      service: 'onebot',
      via: this.#deps.name,
      chat: message.kind === 'group' ? `group:${message.groupId}` : `user:${message.userId}`,
      sender: String(message.userId),
      allowed,
      sentAt: message.sentAt,
      text: message.text,
    });
  }
}
