import type { PushMessage } from '../core/push-message';
import type { ParsedPushUrl } from '../core/push-url';
import { sendBark } from './bark';
import { sendBililiveTools } from './bililive-tools';
import { sendDingTalk } from './dingtalk';
import { sendDiscord } from './discord';
import { sendEmail } from './email';
import { sendFeishu } from './feishu';
import { sendGotify } from './gotify';
import type { SendOutcome } from './http-push';
import { sendJson } from './json-post';
import { sendNtfy } from './ntfy';
import { sendOneBot } from './onebot';
import { sendPushDeer } from './pushdeer';
import { sendPushPlus } from './pushplus';
import { sendServerChan } from './serverchan';
import { sendTelegram } from './telegram';
import { sendWeComBot } from './wecombot';
import { sendWxPusher } from './wxpusher';

/** Base URLs of the services whose host is fixed: for tests only, never a setting. */
interface FixedHostOverrides {
  tgram?: string;
  schan?: string;
  pushplus?: string;
  wecombot?: string;
  dingtalk?: string;
  /** Feishu and Lark alike. */
  feishu?: string;
  wxpusher?: string;
  discord?: string;
}

/** Options of every send. */
export interface SendOptions {
  timeoutMs?: number;
  baseUrls?: FixedHostOverrides;
  /** A certificate authority to trust for SMTP besides the system's: for tests only. */
  smtpCa?: string;
  /** The clock bots' signatures are dated by: for tests only. */
  now?: () => number;
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
      case 'mailto':
        return sendEmail(target, message, {
          ...http,
          ...(options.smtpCa ? { ca: options.smtpCa } : {}),
        });
      case 'dingtalk':
        return sendDingTalk(target, message, http, base.dingtalk, options.now);
      case 'feishu':
        return sendFeishu(target, message, http, base.feishu, options.now);
      case 'pushdeer':
        return sendPushDeer(target, message, http);
      case 'wxpusher':
        return sendWxPusher(target, message, http, base.wxpusher);
      case 'discord':
        return sendDiscord(target, message, http, base.discord);
      case 'onebot':
        return sendOneBot(target, message, http);
      case 'bililive-tools':
        return sendBililiveTools(target, message, http);
    }
  };
}
