import * as z from 'zod';
import { assertNever } from '../parse';
import type { Language } from '../settings';

/** What the last contact with the recorder's REST API showed, as a state a user can act on. */
export const RecorderStatus = z.enum([
  'ok',
  'unreachable',
  'unauthorized',
  'open-access-guard',
  'not-a-recorder',
  'server-error',
  'bad-data',
]);
/** A recorder connection state. */
export type RecorderStatus = z.infer<typeof RecorderStatus>;

/**
 * Whether the recorder's API answers: the last contact with it went through (`ok`). The one test
 * of it, for the app (popup buttons, tray, reconciling) and the window (room controls, the API
 * light) alike; `off` (no API address) and `undefined` (not asked yet) do not answer.
 */
export function apiAnswers(status: RecorderStatus | 'off' | undefined): status is 'ok' {
  return status === 'ok';
}

/** A room of the recorder's list that this app could not read (the others were read). */
export interface UnreadableRoom {
  /** Its `roomId`, when that much was readable. */
  roomId?: number;
  /** The first field that broke the schema, as `a.b[2].c`. */
  field: string;
  /** English technical detail, as in a bad-data failure. */
  detail: string;
}

/** Facts a status message may name; every field is optional. */
export interface RecorderStatusContext {
  /** The recorder base URL the app tried. */
  url?: string;
  /** A short technical detail (error code, HTTP status) shown in parentheses. */
  detail?: string;
  /** bad-data: the room whose data broke the schema. */
  roomId?: number;
  /** bad-data: the field, as a `a.b[2].c` path. */
  field?: string;
  /** ok: the recorder's version (`fullSemVer`). */
  version?: string;
  /** ok: rooms of its list this app could not read; shown as last known. */
  unreadable?: readonly UnreadableRoom[];
}

const withDetail = (text: string, detail: string | undefined, zh: boolean): string =>
  detail ? (zh ? `${text}（${detail}）` : `${text} (${detail})`) : text;

/** Where data broke the schema: its room and field, as words of the language. */
function badDataParts(ctx: RecorderStatusContext, zh: boolean): string[] {
  const parts: string[] = [];
  if (ctx.roomId !== undefined) parts.push(zh ? `直播间 ${ctx.roomId}` : `room ${ctx.roomId}`);
  if (ctx.field) parts.push(zh ? `字段 ${ctx.field}` : `field ${ctx.field}`);
  return parts;
}

/** The parts in brackets of the language (nothing when there are none). */
function bracketed(parts: readonly string[], zh: boolean, lead = ''): string {
  if (parts.length === 0) return '';
  return zh ? `（${lead}${parts.join('，')}）` : ` (${lead}${parts.join(', ')})`;
}

/** The sentence about rooms that could not be read (empty when there are none). */
function unreadableSentence(ctx: RecorderStatusContext, zh: boolean): string {
  const rooms = ctx.unreadable ?? [];
  const first = rooms[0];
  if (!first) return '';
  const several = rooms.length > 1;
  const where = bracketed(
    badDataParts(first, zh),
    zh,
    several ? (zh ? '第一个：' : 'the first: ') : '',
  );
  if (zh) return `有 ${rooms.length} 个直播间的数据无法识别${where}，显示的是上次读到的状态。`;
  return several
    ? ` The data of ${rooms.length} rooms could not be read${where}; they show as last read.`
    : ` The data of 1 room could not be read${where}; it shows as last read.`;
}

function english(status: RecorderStatus, ctx: RecorderStatusContext): string {
  const at = ctx.url ? ` at ${ctx.url}` : '';
  switch (status) {
    case 'ok':
      return (
        (ctx.version
          ? `Connected to the recorder (version ${ctx.version}).`
          : 'Connected to the recorder.') + unreadableSentence(ctx, false)
      );
    case 'unreachable':
      return withDetail(
        `Cannot reach the recorder${at}. Is it running, was it started with --bind, and is the URL right?`,
        ctx.detail,
        false,
      );
    case 'unauthorized':
      return "The recorder asks for a password. Enter the recorder's Basic auth user name and password here.";
    case 'open-access-guard':
      return (
        'The recorder refuses unauthenticated access from this computer (HTTP 412). Set Basic auth on the ' +
        'recorder (BREC_HTTP_BASIC_USER and BREC_HTTP_BASIC_PASS) and enter it here, or set BREC_HTTP_OPEN_ACCESS on the recorder.'
      );
    case 'not-a-recorder':
      return withDetail(
        `The URL${ctx.url ? ` ${ctx.url}` : ''} does not point at a recorder's API. Use the recorder's base address, ` +
          'such as http://127.0.0.1:2356, without /api.',
        ctx.detail,
        false,
      );
    case 'server-error':
      return withDetail('The recorder failed to answer; the app will retry.', ctx.detail, false);
    case 'bad-data':
      return `The recorder sent data this app does not understand${bracketed(badDataParts(ctx, false), false)}.`;
    default:
      return assertNever(status);
  }
}

function chinese(status: RecorderStatus, ctx: RecorderStatusContext): string {
  const at = ctx.url ? `（${ctx.url}）` : '';
  switch (status) {
    case 'ok':
      return (
        (ctx.version ? `已连接到录播姬（版本 ${ctx.version}）。` : '已连接到录播姬。') +
        unreadableSentence(ctx, true)
      );
    case 'unreachable':
      return withDetail(
        `无法连接到录播姬${at}。请确认录播姬正在运行、启动时设置了 --bind，并且地址填写正确。`,
        ctx.detail,
        true,
      );
    case 'unauthorized':
      return '录播姬要求登录：请在这里填写录播姬设置的 Basic 认证用户名和密码。';
    case 'open-access-guard':
      return (
        '录播姬拒绝了来自本机的无密码访问（HTTP 412）。请为录播姬设置 Basic 认证' +
        '（BREC_HTTP_BASIC_USER 和 BREC_HTTP_BASIC_PASS）并在这里填写，或在录播姬上设置环境变量 BREC_HTTP_OPEN_ACCESS。'
      );
    case 'not-a-recorder':
      return withDetail(
        `这个地址${at}不是录播姬的 API。请填写录播姬的根地址，例如 http://127.0.0.1:2356，不要带 /api。`,
        ctx.detail,
        true,
      );
    case 'server-error':
      return withDetail('录播姬处理请求时出错，稍后会自动重试。', ctx.detail, true);
    case 'bad-data':
      return `录播姬返回的数据无法识别${bracketed(badDataParts(ctx, true), true)}。`;
    default:
      return assertNever(status);
  }
}

/**
 * The message while no poll has answered: either no recorder URL is set (webhooks only, e.g. the
 * recorder's desktop edition, which has no API) or the first answer is still to come.
 */
export function recorderOffMessage(configured: boolean, language: Language): string {
  if (language === 'zh-CN')
    return configured ? '正在连接录播姬…' : '未设置录播姬地址：只接收 Webhook。';
  return configured ? 'Connecting to the recorder…' : 'No recorder URL: webhooks only.';
}

/** The plain-language message for a recorder state, in zh-CN or English. */
export function recorderStatusMessage(
  status: RecorderStatus,
  language: Language,
  context: RecorderStatusContext = {},
): string {
  return language === 'zh-CN' ? chinese(status, context) : english(status, context);
}
