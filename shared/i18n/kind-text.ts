import type { RecorderKind } from '../recorder-kind';
import type { Language } from '../settings';

/** The streamed kinds: blrec over its WebSocket, bililive-go over its Server-Sent Events. */
export type StreamedKind = 'blrec' | 'bililive-go';

/**
 * Why another kind's event stream went down: the recorder refused the API key (401 or 403, not
 * retried: blrec blocks an address after three wrong keys), answered another HTTP status, closed
 * the stream, or could not be reached (`detail`: the network error's own English words).
 */
export interface StreamDown {
  cause: 'refused' | 'http' | 'closed' | 'error';
  status?: number | undefined;
  detail?: string | undefined;
  /** No further try is made (a refused key). */
  final: boolean;
}

/** Why a start or stop sent to another kind's API did not work. */
export type KindCommandFailure =
  | { reason: 'cannot'; command: string }
  | { reason: 'noRoom'; roomId: number }
  | { reason: 'http'; status: number; detail: string }
  | { reason: 'unreachable'; detail: string }
  | { reason: 'notIt' };

const NAME: Record<RecorderKind, string> = {
  'bililive-recorder': 'BililiveRecorder',
  blrec: 'blrec',
  ddtv: 'DDTV',
  'bililive-tools': 'biliLive-tools',
  'bililive-go': 'bililive-go',
};

const ZH_COMMAND: Record<string, string> = {
  start: '开始录制',
  stop: '停止录制',
  split: '分段',
  refresh: '刷新',
};

const CHANNEL = {
  en: { blrec: 'WebSocket', 'bililive-go': 'event stream (SSE)' },
  'zh-CN': { blrec: 'WebSocket', 'bililive-go': '事件流 (SSE)' },
} as const;

const paren = (text: string | undefined, zh: boolean): string =>
  text ? (zh ? `（${text}）` : ` (${text})`) : '';

/** Why the stream is down, in a clause of the language. */
function downCause(down: StreamDown, zh: boolean): string {
  switch (down.cause) {
    case 'refused':
      return zh
        ? `API 密钥被拒绝（HTTP ${down.status ?? 401}）：请在设置 → 录播程序中填写正确的密钥；不再重试，以免地址被封禁`
        : `the API key was refused (HTTP ${down.status ?? 401}): enter the right key in Settings → Recorders; not tried again, so the address is not blocked`;
    case 'http':
      return zh
        ? `它回答了 HTTP ${down.status ?? 0}，正在重试`
        : `it answered HTTP ${down.status ?? 0}; retrying`;
    case 'closed':
      return zh ? '连接已断开，正在重试' : 'the connection closed; retrying';
    case 'error':
      return zh
        ? `无法连接${paren(down.detail, true)}，正在重试`
        : `it cannot be reached${paren(down.detail, false)}; retrying`;
  }
}

/** The light's words while a streamed kind's events are read (or about to be). */
export function streamUpText(kind: StreamedKind, url: string, language: Language): string {
  const zh = language === 'zh-CN';
  const channel = CHANNEL[language][kind];
  return zh
    ? `正在通过 ${NAME[kind]} 的 ${channel} 读取事件（${url}）。`
    : `Reading ${NAME[kind]}'s events over its ${channel} (${url}).`;
}

/** The light's words while a streamed kind's event stream is down, and why. */
export function streamDownText(
  kind: StreamedKind,
  down: StreamDown,
  url: string,
  language: Language,
): string {
  const zh = language === 'zh-CN';
  const channel = CHANNEL[language][kind];
  return zh
    ? `${NAME[kind]} 的 ${channel}（${url}）已中断：${downCause(down, true)}。`
    : `${NAME[kind]}'s ${channel} at ${url} is down: ${downCause(down, false)}.`;
}

/** The light's words for a kind that only sends webhooks (DDTV, biliLive-tools): no API to read. */
export function webhooksOnlyText(kind: RecorderKind, language: Language): string {
  return language === 'zh-CN'
    ? `只接收 ${NAME[kind]} 发来的 Webhook：本应用不读取它的 API。`
    : `Webhooks only: ${NAME[kind]} sends its events here; this app does not read its API.`;
}

/** The connection check's words for a blrec or bililive-go that answered, and how it is read. */
export function kindCheckedText(kind: StreamedKind, version: string, language: Language): string {
  const channel = CHANNEL[language][kind];
  return language === 'zh-CN'
    ? `已连接 ${NAME[kind]} ${version}：通过它的 ${channel} 读取事件，可以开始和停止录制。`
    : `Connected to ${NAME[kind]} ${version}: its events are read over its ${channel}, and it can be told to start and stop recording.`;
}

/** What a start or stop sent to another kind's API did not do, in the language. */
export function kindCommandFailureText(
  kind: RecorderKind,
  failure: KindCommandFailure,
  language: Language,
): string {
  const zh = language === 'zh-CN';
  const name = NAME[kind];
  switch (failure.reason) {
    case 'cannot':
      return zh
        ? `${name} 不能通过本应用${ZH_COMMAND[failure.command] ?? failure.command}直播间。`
        : `A ${name} recorder cannot ${failure.command} a room from this app.`;
    case 'noRoom':
      return zh
        ? `${name} 里没有直播间 ${failure.roomId}。`
        : `${name} has no room ${failure.roomId}.`;
    case 'http':
      return zh
        ? `${name} 拒绝了这个操作（HTTP ${failure.status}${failure.detail ? `：${failure.detail}` : ''}）。`
        : `${name} refused it (HTTP ${failure.status}${failure.detail ? `: ${failure.detail}` : ''}).`;
    case 'unreachable':
      return zh
        ? `无法连接到 ${name}${paren(failure.detail, true)}。`
        : `${name} could not be reached${paren(failure.detail, false)}.`;
    case 'notIt':
      return zh
        ? `这个地址的回答不是 ${name} 的：请检查地址。`
        : `What answers at this address is not ${name}: check the address.`;
  }
}
