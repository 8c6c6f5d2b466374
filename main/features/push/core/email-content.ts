import { EMAIL_STRINGS, type EmailStrings } from '../../../../shared/i18n/email-text';
import type { PushMessage } from './push-message';

/** The content ids of the inline pictures an email may carry. */
export const EMAIL_CIDS = { face: 'face@recorder-tray', cover: 'cover@recorder-tray' } as const;

/** A push as an email: its subject, a plain-text part and an HTML part. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML (titles and names come from webhooks: untrusted). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** The facts shown as rows, in order, with their labels: only those known. */
function factRows(message: PushMessage, s: EmailStrings): [string, string][] {
  const facts = message.facts ?? {};
  const rows: [string, string | undefined][] = [
    [s.streamer, facts.name],
    [s.roomTitle, facts.title],
    [s.area, facts.area],
    [s.file, facts.file],
    [s.size, facts.size],
    [s.duration, facts.duration],
    [s.room, message.click],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

function htmlRows(rows: [string, string][], click: string | undefined): string {
  const cell = 'padding:4px 12px 4px 0;vertical-align:top';
  return rows
    .map(([label, value]) => {
      const shown =
        value === click
          ? `<a href="${escapeHtml(value)}" style="color:#1a73e8">${escapeHtml(value)}</a>`
          : escapeHtml(value);
      return `<tr><td style="${cell};color:#666;white-space:nowrap">${escapeHtml(label)}</td><td style="${cell};word-break:break-all">${shown}</td></tr>`;
    })
    .join('');
}

/**
 * The email of a push, in the push's language: the title, the body, then the facts (streamer,
 * title, area, the file's name, size and length, the room's link) and the pictures whose content
 * ids are given (attached inline by the sender). Quiet on a phone: one narrow column, system font.
 */
export function emailContent(
  message: PushMessage,
  inline: { face?: boolean; cover?: boolean } = {},
): EmailContent {
  const s = EMAIL_STRINGS[message.language ?? 'zh-CN'];
  const rows = factRows(message, s);
  const bodyLines = message.body.split('\n').filter((line) => line.trim() !== '');
  const text = [
    message.title,
    '',
    ...bodyLines,
    ...(rows.length ? ['', ...rows.map(([label, value]) => `${label}: ${value}`)] : []),
    '',
    '—',
    s.footer,
  ].join('\n');
  const face = inline.face
    ? `<img src="cid:${EMAIL_CIDS.face}" alt="${escapeHtml(s.avatarAlt)}" width="48" height="48" style="border-radius:50%;vertical-align:middle;margin-right:8px">`
    : '';
  const cover = inline.cover
    ? `<p style="margin:16px 0"><img src="cid:${EMAIL_CIDS.cover}" alt="${escapeHtml(s.coverAlt)}" style="max-width:100%;border-radius:8px"></p>`
    : '';
  const button = message.click
    ? `<p style="margin:20px 0"><a href="${escapeHtml(message.click)}" style="background:#1a73e8;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(s.openRoom)}</a></p>`
    : '';
  const html = [
    '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head>',
    '<body style="margin:0;padding:16px;background:#f6f7f9">',
    "<div style=\"max-width:560px;margin:0 auto;background:#fff;border-radius:10px;padding:20px;font:16px/1.5 -apple-system,BlinkMacSystemFont,'Segoe UI','PingFang SC','Microsoft YaHei',sans-serif;color:#222\">",
    `<h1 style="font-size:20px;margin:0 0 12px">${face}${escapeHtml(message.title)}</h1>`,
    ...bodyLines.map((line) => `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`),
    cover,
    rows.length
      ? `<table style="border-collapse:collapse;font-size:14px;margin-top:8px">${htmlRows(rows, message.click)}</table>`
      : '',
    button,
    `<p style="margin:24px 0 0;font-size:12px;color:#999">${escapeHtml(s.footer)}</p>`,
    '</div></body></html>',
  ].join('');
  return { subject: message.title, text, html };
}
