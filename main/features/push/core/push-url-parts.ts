import type { PushTarget, PushUrlResult } from './push-target';

/** A push URL taken apart by hand (see push-url.ts for why not with WHATWG URL). */
export interface Parts {
  scheme: string;
  secure: boolean;
  user?: string;
  password?: string;
  host: string;
  segments: string[];
  query: Record<string, string>;
}

const HOST = /^(?:[A-Za-z0-9_.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** Masks a secret: its first two characters stay, so two targets can be told apart. */
export function mask(secret: string): string {
  return secret.length <= 6 ? '***' : `${secret.slice(0, 2)}***`;
}

/** Percent-decodes a URL part, or keeps it as written when it is not valid percent-encoding. */
export function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The http(s) origin of a URL's host[:port], or undefined when the host is not one. */
export function originOf(parts: Parts, secure = parts.secure): string | undefined {
  if (!HOST.test(parts.host)) return undefined;
  return `${secure ? 'https' : 'http'}://${parts.host}`;
}

/** A parsed target with its secrets (empty ones dropped) and its masked form. */
export function accept(target: PushTarget, secrets: string[], redacted: string): PushUrlResult {
  return {
    ok: true,
    value: { target, secrets: secrets.filter((s) => s.length > 0), redacted },
  };
}

/** A refusal in plain words. */
export function refuse(error: string): PushUrlResult {
  return { ok: false, error };
}

/** A comma-, space- or semicolon-separated list of a query value, without empty items. */
export function listOf(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,;]+/).filter((item) => item !== '');
}

/** Whether the URL asks that its target take commands: `?commands=yes` (or true, 1, on). */
export function commandsOn(parts: Parts): boolean {
  return /^(yes|true|1|on)$/i.test(parts.query.commands ?? '');
}
