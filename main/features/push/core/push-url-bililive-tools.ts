import type { PushUrlResult } from './push-target';
import { accept, originOf, refuse, type Parts } from './push-url-parts';

/** biliLive-tools' own default port for its web server (its documentation's webhook page). */
const BILILIVE_TOOLS_PORT = 18010;

const USAGE =
  'bililive-tools needs its address only: bililive-tools://host[:port] (port 18010 when none)';

/**
 * `bililive-tools://host[:port]`: biliLive-tools' web server, which takes a finished file at
 * `POST /webhook/custom` (no auth: its webhook routes are mounted before its auth middleware,
 * packages/http/src/index.ts). No path, user or query: anything else is refused, not ignored.
 */
export function bililiveTools(parts: Parts): PushUrlResult {
  if (parts.user !== undefined || parts.segments.length > 0 || Object.keys(parts.query).length > 0)
    return refuse(USAGE);
  const host = /:\d{1,5}$/.test(parts.host) ? parts.host : `${parts.host}:${BILILIVE_TOOLS_PORT}`;
  const port = Number(/:(\d{1,5})$/.exec(host)?.[1]);
  const origin = parts.host === '' ? undefined : originOf({ ...parts, host });
  if (!origin || port < 1 || port > 65535) return refuse(USAGE);
  return accept({ service: 'bililive-tools', origin }, [], `bililive-tools://${host}`);
}
