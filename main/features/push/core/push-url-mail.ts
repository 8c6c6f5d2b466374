// Email in Apprise's syntax (caronc/apprise, plugins/email/base.py and templates.py):
// `mailto[s]://[user[:password]@]domain[:port][/to…]?to=&cc=&bcc=&from=&name=&smtp=&mode=`.
// mailto:// is plain SMTP (port 25), mailtos:// STARTTLS (587) unless mode=ssl (465); a few
// well-known providers bring their own server, port and login (as Apprise's templates do).
import type { MailMode, PushUrlResult } from './push-target';
import { accept, listOf, refuse, type Parts } from './push-url-parts';

const DEFAULT_PORT: Record<MailMode, number> = { starttls: 587, ssl: 465, insecure: 25 };

/** Apprise's templates for the providers our users name most (the login is the full address). */
const PROVIDERS: { domain: RegExp; smtp: string; port: number; mode: MailMode }[] = [
  { domain: /^gmail\.com$/i, smtp: 'smtp.gmail.com', port: 587, mode: 'starttls' },
  {
    domain: /^(hotmail|live)\.com(\.au)?$/i,
    smtp: 'smtp-mail.outlook.com',
    port: 587,
    mode: 'starttls',
  },
  {
    domain: /^(smtp\.)?outlook\.com(\.au)?$/i,
    smtp: 'smtp.outlook.com',
    port: 587,
    mode: 'starttls',
  },
  { domain: /^yahoo\.(ca|com)$/i, smtp: 'smtp.mail.yahoo.com', port: 465, mode: 'ssl' },
  { domain: /^163\.com$/i, smtp: 'smtp.163.com', port: 465, mode: 'ssl' },
  { domain: /^(foxmail|qq)\.com$/i, smtp: 'smtp.qq.com', port: 587, mode: 'starttls' },
];

const EMAIL = /^[^\s@<>,;]+@[^\s@<>,;]+$/;

function hostAndPort(host: string): { domain: string; port?: number } {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+)(?::(\d{1,5}))?$/.exec(host);
  if (!match) return { domain: '' };
  const port = match[2] === undefined ? undefined : Number(match[2]);
  return { domain: match[1]!, ...(port !== undefined && port > 0 ? { port } : {}) };
}

function modeOf(parts: Parts): MailMode | undefined | 'bad' {
  const mode = parts.query.mode?.toLowerCase();
  if (mode === undefined || mode === '') return undefined;
  return mode === 'starttls' || mode === 'ssl' || mode === 'insecure' ? mode : 'bad';
}

function recipients(parts: Parts, from: string): string[] | undefined {
  const to = [...parts.segments, ...listOf(parts.query.to)];
  if (to.some((address) => !EMAIL.test(address))) return undefined;
  return to.length > 0 ? to : [from];
}

/** Parses `mailto://` and `mailtos://`. */
export function mailto(parts: Parts): PushUrlResult {
  const { domain, port } = hostAndPort(parts.host);
  const mode = modeOf(parts);
  const local = parts.user?.split('@')[0];
  const from = parts.query.from || (local && domain ? `${local}@${domain}` : '');
  if (!domain || mode === 'bad' || !EMAIL.test(from))
    return refuse(
      'email needs a sender and a server: mailtos://user:password@example.com[/to@example.org] (mode=starttls|ssl|insecure)',
    );
  const to = recipients(parts, from);
  const cc = listOf(parts.query.cc);
  const bcc = listOf(parts.query.bcc);
  if (!to || [...cc, ...bcc].some((address) => !EMAIL.test(address)))
    return refuse('email: a recipient is not an address (name@example.com)');
  const provider = parts.query.smtp ? undefined : PROVIDERS.find((p) => p.domain.test(domain));
  const chosen: MailMode = mode ?? provider?.mode ?? (parts.secure ? 'starttls' : 'insecure');
  const user =
    parts.user && provider && !parts.user.includes('@') ? `${parts.user}@${domain}` : parts.user;
  const password = parts.password ?? '';
  const shownUser = parts.user ? `${parts.user}${password ? ':***' : ''}@` : '';
  return accept(
    {
      service: 'mailto',
      smtp: parts.query.smtp || provider?.smtp || domain,
      port: port ?? (mode ? undefined : provider?.port) ?? DEFAULT_PORT[chosen],
      mode: chosen,
      ...(user ? { user, password } : {}),
      from,
      ...(parts.query.name ? { fromName: parts.query.name } : {}),
      to,
      cc,
      bcc,
      verify: !/^(no|false|0)$/i.test(parts.query.verify ?? ''),
    },
    [password],
    `${parts.scheme}://${shownUser}${parts.host}/${parts.segments.join('/')}`,
  );
}
