// Push targets are written as URLs in the syntax of Apprise (the widely used notification
// library; its wiki documents one page per service, e.g. Notify_ntfy, Notify_bark), so a user can
// paste the URL they already use elsewhere. Parsed by hand, not with WHATWG URL: a Telegram bot
// token (`123456:ABC…`) stands where a URL parser expects host:port.
import { discord, dingtalk, feishu, onebot, pushdeer, tgram, wxpusher } from './push-url-chat';
import { bililiveTools } from './push-url-bililive-tools';
import { mailto } from './push-url-mail';
import type { PushAuth, PushService, PushUrlResult } from './push-target';
import {
  accept,
  commandsOn,
  decode,
  mask,
  originOf as origin,
  refuse,
  type Parts,
} from './push-url-parts';

export type { ParsedPushUrl, PushAuth, PushTarget, PushUrlResult } from './push-target';

const SCHEMES: Record<string, { service: PushService; secure: boolean }> = {
  ntfy: { service: 'ntfy', secure: false },
  ntfys: { service: 'ntfy', secure: true },
  bark: { service: 'bark', secure: false },
  barks: { service: 'bark', secure: true },
  gotify: { service: 'gotify', secure: false },
  gotifys: { service: 'gotify', secure: true },
  tgram: { service: 'tgram', secure: true },
  schan: { service: 'schan', secure: true },
  pushplus: { service: 'pushplus', secure: true },
  wecombot: { service: 'wecombot', secure: true },
  json: { service: 'json', secure: false },
  jsons: { service: 'json', secure: true },
  mailto: { service: 'mailto', secure: false },
  mailtos: { service: 'mailto', secure: true },
  dingtalk: { service: 'dingtalk', secure: true },
  feishu: { service: 'feishu', secure: true },
  lark: { service: 'feishu', secure: true },
  pushdeer: { service: 'pushdeer', secure: false },
  pushdeers: { service: 'pushdeer', secure: true },
  wxpusher: { service: 'wxpusher', secure: true },
  discord: { service: 'discord', secure: true },
  onebot: { service: 'onebot', secure: false },
  onebots: { service: 'onebot', secure: true },
  'bililive-tools': { service: 'bililive-tools', secure: false },
};

/** The schemes understood, named when a URL has another. */
const PUSH_SCHEMES = Object.keys(SCHEMES);

function split(url: string): Parts | string {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^?#]*)(?:\?([^#]*))?(?:#.*)?$/.exec(url.trim());
  if (!match) return 'not a URL (expected e.g. ntfy://ntfy.sh/topic)';
  const scheme = match[1]!.toLowerCase();
  const known = SCHEMES[scheme];
  if (!known) return `unknown service "${scheme}://" (known: ${PUSH_SCHEMES.join(', ')})`;
  let rest = match[2]!;
  const slash = rest.indexOf('/');
  const authority = slash < 0 ? rest : rest.slice(0, slash);
  const at = authority.lastIndexOf('@');
  let user: string | undefined;
  let password: string | undefined;
  if (at >= 0) {
    const info = authority.slice(0, at);
    const colon = info.indexOf(':');
    user = decode(colon < 0 ? info : info.slice(0, colon));
    password = colon < 0 ? undefined : decode(info.slice(colon + 1));
    rest = rest.slice(at + 1);
  }
  const [host = '', ...path] = rest.split('/');
  const query: Record<string, string> = {};
  for (const pair of (match[3] ?? '').split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decode(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
    query[key] = decode(eq < 0 ? '' : pair.slice(eq + 1).replace(/\+/g, ' '));
  }
  return {
    scheme,
    secure: known.secure,
    ...(user !== undefined ? { user } : {}),
    ...(password !== undefined ? { password } : {}),
    host: decode(host),
    segments: path.filter((s) => s !== '').map(decode),
    query,
  };
}

function authOf(parts: Parts): PushAuth | undefined {
  const token = parts.query.token ?? parts.query.auth;
  if (token) return { kind: 'bearer', token };
  if (parts.user === undefined) return undefined;
  // Apprise: `ntfy://{token}@host/topic` (ntfy access tokens start with tk_), or `:token@`.
  if (parts.password === undefined && parts.user.startsWith('tk_'))
    return { kind: 'bearer', token: parts.user };
  if (parts.user === '' && parts.password) return { kind: 'bearer', token: parts.password };
  return { kind: 'basic', user: parts.user, password: parts.password ?? '' };
}

function authSecrets(auth: PushAuth | undefined): string[] {
  if (!auth) return [];
  return auth.kind === 'bearer' ? [auth.token] : [auth.password].filter((s) => s !== '');
}

function ntfy(parts: Parts): PushUrlResult {
  const auth = authOf(parts);
  const cloud = parts.segments.length === 0; // ntfy://{topic}: the public server
  const topics = cloud ? [parts.host] : parts.segments;
  const base = cloud ? 'https://ntfy.sh' : origin(parts, parts.secure || parts.host === 'ntfy.sh');
  if (!base || topics.some((t) => !/^[-_A-Za-z0-9]{1,64}$/.test(t)))
    return refuse('ntfy needs a host and topic: ntfy://host/topic');
  const commands = ntfyCommands(parts);
  if (typeof commands === 'string') return refuse(commands);
  const shown = `${parts.scheme}://${auth ? '***@' : ''}${cloud ? '' : `${parts.host}/`}`;
  const query = commands ? `?commands=yes&control=${mask(commands.control)}` : '';
  return accept(
    {
      service: 'ntfy',
      origin: base,
      topics,
      ...(auth ? { auth } : {}),
      ...(commands ? { commands } : {}),
    },
    [...authSecrets(auth), ...topics, ...(commands ? [commands.control, commands.secret] : [])],
    shown + topics.map(mask).join('/') + query,
  );
}

// The control topic is as secret as a password: long and random (made at setup), never a word.
function ntfyCommands(parts: Parts): { control: string; secret: string } | undefined | string {
  if (!commandsOn(parts)) return undefined;
  const { control = '', secret = '' } = parts.query;
  if (!/^[-_A-Za-z0-9]{24,64}$/.test(control) || !/^[-_A-Za-z0-9]{16,}$/.test(secret))
    return 'ntfy commands need control=<a random topic of 24 to 64 letters and digits> and secret=<16 or more>';
  return { control, secret };
}

function bark(parts: Parts): PushUrlResult {
  const base = origin(parts);
  if (!base || parts.segments.length === 0)
    return refuse('bark needs a host and device key: bark://host/device_key');
  const params: Record<string, string> = {};
  for (const key of ['sound', 'group', 'level', 'badge', 'category', 'icon'])
    if (parts.query[key]) params[key] = parts.query[key]!;
  return accept(
    { service: 'bark', origin: base, deviceKeys: parts.segments, params },
    parts.segments,
    `${parts.scheme}://${parts.host}/${parts.segments.map(mask).join('/')}`,
  );
}

function gotify(parts: Parts): PushUrlResult {
  const base = origin(parts);
  const token = parts.segments.at(-1);
  if (!base || !token) return refuse('gotify needs a host and app token: gotify://host/token');
  const path = parts.segments.slice(0, -1).join('/');
  const priority = Number(parts.query.priority);
  return accept(
    {
      service: 'gotify',
      origin: base,
      path: path === '' ? '' : `/${path}`,
      token,
      ...(Number.isInteger(priority) && parts.query.priority ? { priority } : {}),
    },
    [token],
    `${parts.scheme}://${parts.host}/${path === '' ? '' : `${path}/`}${mask(token)}`,
  );
}

function single(parts: Parts, name: string, key = parts.query.key ?? parts.host): PushUrlResult {
  if (!/^[A-Za-z0-9_-]{4,}$/.test(key))
    return refuse(`${name} needs its key: ${parts.scheme}://{key}`);
  const redacted = `${parts.scheme}://${mask(key)}`;
  switch (parts.scheme) {
    case 'schan':
      return accept({ service: 'schan', sendKey: key }, [key], redacted);
    case 'pushplus':
      return accept({ service: 'pushplus', token: key }, [key], redacted);
    default:
      return accept({ service: 'wecombot', key }, [key], redacted);
  }
}

function json(parts: Parts): PushUrlResult {
  const base = origin(parts);
  if (!base) return refuse('json needs a host: json://host[:port]/path');
  const auth = authOf({ ...parts, query: {} });
  const path = parts.segments.map(encodeURIComponent).join('/');
  return accept(
    { service: 'json', url: `${base}/${path}`, ...(auth ? { auth } : {}) },
    authSecrets(auth),
    `${parts.scheme}://${auth ? '***@' : ''}${parts.host}/${path}`,
  );
}

// Every service's parser: a Record, so that a new service cannot be left out.
const PARSERS: Record<PushService, (parts: Parts) => PushUrlResult> = {
  ntfy,
  bark,
  gotify,
  tgram,
  json,
  mailto,
  dingtalk,
  feishu,
  pushdeer,
  wxpusher,
  discord,
  onebot,
  schan: (parts) => single(parts, 'ServerChan'),
  pushplus: (parts) => single(parts, 'PushPlus'),
  wecombot: (parts) => single(parts, 'WeCom bot'),
  'bililive-tools': bililiveTools,
};

/** Parses an Apprise-style push URL; never throws. */
export function parsePushUrl(url: string): PushUrlResult {
  const parts = split(url);
  if (typeof parts === 'string') return refuse(parts);
  return PARSERS[SCHEMES[parts.scheme]!.service](parts);
}

/** A push URL fit for a log or an output line: its secrets masked, or only its scheme when unreadable. */
export function redactPushUrl(url: string): string {
  const parsed = parsePushUrl(url);
  if (parsed.ok) return parsed.value.redacted;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url.trim())?.[1];
  return scheme ? `${scheme.toLowerCase()}://***` : '***';
}

/** Replaces every secret (as written, and URL-encoded) in a text with its mask. */
export function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length < 3) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)]))
      out = out.split(form).join(mask(secret));
  }
  return out;
}
