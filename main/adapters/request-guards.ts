import { isIP } from 'node:net';
import { nodeCrypto } from './node-crypto';

/** Whether a bind address only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/**
 * Whether a `Host` header names this listener by an IP literal or `localhost`. A DNS name is
 * refused: a web page that rebinds its own name to 127.0.0.1 sends that name as Host.
 */
export function isSafeHostHeader(hostHeader: string | undefined): boolean {
  if (!hostHeader) return false;
  let host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end < 0) return false;
    host = host.slice(1, end);
  } else {
    host = host.replace(/:\d*$/, '');
  }
  return host === 'localhost' || isIP(host) !== 0;
}

/** Compares a secret in constant time (both sides hashed first, so lengths do not leak). */
export function secretsEqual(given: string, expected: string): boolean {
  const { createHash, timingSafeEqual } = nodeCrypto();
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

const RECORDER_CONTENT_TYPE = 'application/json; charset=utf-8';
const JSON_OK = { ok: true } as const;

/** Checks a Content-Type for JSON in UTF-8: `application/json`, charset optional but only UTF-8. */
export function checkJsonContentType(
  contentType: string | undefined,
): { ok: true } | { ok: false; error: string } {
  if (!contentType) return { ok: false, error: 'Content-Type must be application/json' };
  // What the recorder sends, and the bare type: settled without splitting, per webhook.
  if (contentType === RECORDER_CONTENT_TYPE || contentType === 'application/json') return JSON_OK;
  const [type = '', ...params] = contentType.split(';').map((p) => p.trim().toLowerCase());
  if (type !== 'application/json')
    return { ok: false, error: `Content-Type must be application/json, not ${type}` };
  for (const param of params) {
    const [name, value = ''] = param.split('=').map((p) => p.trim().replace(/^"|"$/g, ''));
    if (name === 'charset' && value !== 'utf-8' && value !== 'utf8') {
      return { ok: false, error: `charset must be utf-8, not ${value}` };
    }
  }
  return { ok: true };
}
