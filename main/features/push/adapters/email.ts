import { open } from 'node:fs/promises';
import type { PictureRef } from '../../../../shared/model';
import type { PushFailure } from '../../../../shared/push';
import { IMAGE_EXTENSION, sniffImageType } from '../../pictures/core/image-type';
import { EMAIL_CIDS, emailContent } from '../core/email-content';
import type { PushMessage } from '../core/push-message';
import type { PushTarget } from '../core/push-url';
import { failed, type SendOutcome } from './http-push';

type Mail = Extract<PushTarget, { service: 'mailto' }>;

/** Options of the email sender. */
export interface EmailOptions {
  timeoutMs?: number;
  secrets: readonly string[];
  /** A certificate authority to trust besides the system's (tests with a self-signed server). */
  ca?: string;
}

/** An inline picture: its content id, bytes and type. */
interface InlinePicture {
  cid: string;
  filename: string;
  content: Buffer;
  contentType: string;
}

const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

/** Reads a cached picture for inline use; null when there is none, it is unreadable or not an image. */
async function readPicture(
  picture: PictureRef | undefined,
  cid: string,
): Promise<InlinePicture | null> {
  if (!picture?.path) return null; // no cached copy: no inline picture (never fetched here)
  try {
    const file = await open(picture.path, 'r');
    try {
      const { size } = await file.stat();
      if (size > PICTURE_MAX_BYTES) return null;
      const content = await file.readFile();
      const type = sniffImageType(content);
      if (!type) return null;
      const filename = `${cid.split('@')[0]}.${IMAGE_EXTENSION[type]}`;
      return { cid, filename, content, contentType: `image/${type}` };
    } finally {
      await file.close();
    }
  } catch {
    return null;
  }
}

/** The failure an SMTP or connection error stands for (nodemailer's err.code and responseCode). */
function mailFailure(error: unknown): { reason: PushFailure; detail: string } {
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
  const detail = e.response ?? e.message ?? String(error);
  const code = e.code ?? '';
  if (code === 'EAUTH' || code === 'ENOAUTH' || e.responseCode === 535)
    return { reason: 'badLogin', detail };
  if (code === 'ETIMEDOUT') return { reason: 'timeout', detail };
  if (/certificate|self[- ]signed/i.test(detail)) return { reason: 'badCertificate', detail };
  if (['ECONNECTION', 'ESOCKET', 'EDNS', 'ETLS', 'ECONNREFUSED'].includes(code) || !e.responseCode)
    return { reason: 'unreachable', detail: `${code ? `${code}: ` : ''}${detail}` };
  if (e.responseCode >= 400 && e.responseCode < 500) return { reason: 'serverError', detail };
  return { reason: 'rejected', detail };
}

function transportOptions(target: Mail, options: EmailOptions) {
  const timeout = options.timeoutMs ?? 20_000;
  return {
    host: target.smtp,
    port: target.port,
    secure: target.mode === 'ssl',
    requireTLS: target.mode === 'starttls',
    // Apprise's insecure mode: plain SMTP, no STARTTLS even when offered.
    ignoreTLS: target.mode === 'insecure',
    // As Apprise: a login only with both a user and a password (`mailto://user@host` names the sender).
    ...(target.user && target.password
      ? { auth: { user: target.user, pass: target.password } }
      : {}),
    tls: { rejectUnauthorized: target.verify, ...(options.ca ? { ca: [options.ca] } : {}) },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    // The message is built here from bytes: nodemailer must never read a path or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * Email through SMTP with nodemailer: STARTTLS (required, not opportunistic), TLS from the start
 * or plain, a login when a user is set, to every recipient at once (cc, bcc too). An HTML part
 * with a plain-text one; the cached avatar and cover go inline by content id when their files
 * are readable images, and the message is complete without them.
 */
export async function sendEmail(
  target: Mail,
  message: PushMessage,
  options: EmailOptions,
): Promise<SendOutcome> {
  const pictures = (
    await Promise.all([
      readPicture(message.pictures?.face, EMAIL_CIDS.face),
      readPicture(message.pictures?.cover, EMAIL_CIDS.cover),
    ])
  ).filter((p): p is InlinePicture => p !== null);
  const has = (cid: string) => pictures.some((p) => p.cid === cid);
  const content = emailContent(message, {
    face: has(EMAIL_CIDS.face),
    cover: has(EMAIL_CIDS.cover),
  });
  // Loaded when the first email goes out: most users never send one (a lean start-up).
  const nodemailer = (await import('nodemailer')).default;
  const transport = nodemailer.createTransport(transportOptions(target, options));
  try {
    await transport.sendMail({
      from: target.fromName ? { name: target.fromName, address: target.from } : target.from,
      to: target.to,
      ...(target.cc.length ? { cc: target.cc } : {}),
      ...(target.bcc.length ? { bcc: target.bcc } : {}),
      subject: content.subject,
      text: content.text,
      html: content.html,
      attachments: pictures.map((p) => ({ ...p, contentDisposition: 'inline' as const })),
    });
    return { ok: true };
  } catch (error) {
    const { reason, detail } = mailFailure(error);
    return failed(reason, detail, options.secrets);
  } finally {
    transport.close();
  }
}
