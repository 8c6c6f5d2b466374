// The shapes of parsed push targets, apart from the parsers (push-url.ts and the files it
// delegates to) so that those import them without importing each other.

/** How the SMTP connection is secured. */
export type MailMode = 'starttls' | 'ssl' | 'insecure';

/** Basic or bearer credentials for a self-hosted service. */
export type PushAuth =
  { kind: 'basic'; user: string; password: string } | { kind: 'bearer'; token: string };

/** A parsed push target: where and how to send, one shape per service. */
export type PushTarget =
  | {
      service: 'ntfy';
      origin: string;
      topics: string[];
      auth?: PushAuth;
      /**
       * `?commands=yes&control=<topic>&secret=<secret>`: go-live pushes carry Record and Mute 1 h
       * buttons that publish to the control topic with the secret; the app acts on those only.
       */
      commands?: { control: string; secret: string };
    }
  | { service: 'bark'; origin: string; deviceKeys: string[]; params: Record<string, string> }
  | { service: 'gotify'; origin: string; path: string; token: string; priority?: number }
  | {
      service: 'tgram';
      botToken: string;
      chatIds: string[];
      /** `?api=`: a Bot API mirror or a local Bot API server, instead of api.telegram.org. */
      api?: string;
      /** `?commands=yes`: the bot takes commands from these chats (issue 43). */
      commands?: boolean;
      /** `?members=`: the user ids whose commands are taken in the group chats (as OneBot's). */
      members?: string[];
    }
  | { service: 'schan'; sendKey: string }
  | { service: 'pushplus'; token: string }
  | { service: 'wecombot'; key: string }
  | { service: 'json'; url: string; auth?: PushAuth }
  /** biliLive-tools' `/webhook/custom` at `origin`: takes finished files only (its uploader). */
  | { service: 'bililive-tools'; origin: string }
  | {
      service: 'mailto';
      smtp: string;
      port: number;
      mode: MailMode;
      user?: string;
      password?: string;
      from: string;
      fromName?: string;
      to: string[];
      cc: string[];
      bcc: string[];
      /** Check the server's certificate (Apprise's `verify=no` turns it off). */
      verify: boolean;
    }
  | { service: 'dingtalk'; token: string; secret?: string; mobiles: string[] }
  | { service: 'feishu'; origin: string; token: string; secret?: string }
  | { service: 'pushdeer'; origin: string; pushKey: string }
  | { service: 'wxpusher'; appToken: string; uids: string[]; topicIds: number[] }
  | { service: 'discord'; webhookId: string; webhookToken: string; botName?: string }
  | {
      service: 'onebot';
      origin: string;
      token?: string;
      groups: number[];
      users: number[];
      /** Takes commands (issue 43): from `users`, and in `groups` from `members` only. */
      commands?: OneBotCommands;
    };

/** How a OneBot target takes commands: events by HTTP POST to this app, or a forward WebSocket. */
export interface OneBotCommands {
  /** Group members whose commands are taken (none: no commands from groups). */
  members: number[];
  /** `?post=<key>`: events come by HTTP POST to the listener's `/phone/onebot/<key>`. */
  postKey?: string;
  /** The implementation's `http_post.secret`: every POST must carry its X-Signature. */
  secret?: string;
  /** `?ws=ws://host:port`: a forward WebSocket to the implementation instead. */
  ws?: string;
}

/** A push service name (the URL scheme without its secure `s`; lark:// is feishu). */
export type PushService = PushTarget['service'];

/** A target with what must never be shown: its secrets, and the URL with them masked. */
export interface ParsedPushUrl {
  target: PushTarget;
  secrets: string[];
  redacted: string;
}

/** The outcome of parsing a push URL: the target, or why not in plain words. */
export type PushUrlResult = { ok: true; value: ParsedPushUrl } | { ok: false; error: string };
