import type { PushMessage } from '../../core/push/push-message';
import type { ParsedPushUrl } from '../../core/push/push-url';
import { sendBark } from './bark';
import { sendGotify } from './gotify';
import type { SendOutcome } from './http-push';
import { sendJson } from './json-post';
import { sendNtfy } from './ntfy';
import { sendPushPlus } from './pushplus';
import { sendServerChan } from './serverchan';
import { sendTelegram } from './telegram';
import { sendWeComBot } from './wecombot';

/** Base URLs of the services whose host is fixed: for tests only, never a setting. */
export interface FixedHostOverrides {
  tgram?: string;
  schan?: string;
  pushplus?: string;
  wecombot?: string;
}

/** Options of every send. */
export interface SendOptions {
  timeoutMs?: number;
  baseUrls?: FixedHostOverrides;
}

/** A function that pushes one message to one parsed target. */
export type PushSend = (parsed: ParsedPushUrl, message: PushMessage) => Promise<SendOutcome>;

/** The sender of every service, with the options given. */
export function createPushSend(options: SendOptions = {}): PushSend {
  const base = options.baseUrls ?? {};
  return (parsed, message) => {
    const http = {
      secrets: parsed.secrets,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    };
    const target = parsed.target;
    switch (target.service) {
      case 'ntfy':
        return sendNtfy(target, message, http);
      case 'bark':
        return sendBark(target, message, http);
      case 'gotify':
        return sendGotify(target, message, http);
      case 'tgram':
        return sendTelegram(target, message, http, base.tgram);
      case 'schan':
        return sendServerChan(target, message, http, base.schan);
      case 'pushplus':
        return sendPushPlus(target, message, http, base.pushplus);
      case 'wecombot':
        return sendWeComBot(target, message, http, base.wecombot);
      case 'json':
        return sendJson(target, message, http);
    }
  };
}
