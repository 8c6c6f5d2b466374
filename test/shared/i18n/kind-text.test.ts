import { describe, expect, it } from 'vitest';
import {
  kindCommandFailureText,
  streamDownText,
  streamUpText,
} from '../../../shared/i18n/kind-text';

const URL = 'http://127.0.0.1:2233';

describe('what the window says of other kinds, in both languages', () => {
  it('words a stream that is read, and one that is down with why', () => {
    expect(streamUpText('blrec', URL, 'en')).toBe(
      `Reading blrec's events over its WebSocket (${URL}).`,
    );
    expect(streamUpText('blrec', URL, 'zh-CN')).toBe(
      `正在通过 blrec 的 WebSocket 读取事件（${URL}）。`,
    );
    const refused = { cause: 'refused', status: 401, final: true } as const;
    expect(streamDownText('blrec', refused, URL, 'en')).toBe(
      `blrec's WebSocket at ${URL} is down: the API key was refused (HTTP 401): enter the right key in Settings → Recorders; not tried again, so the address is not blocked.`,
    );
    expect(streamDownText('blrec', refused, URL, 'zh-CN')).toContain('API 密钥被拒绝（HTTP 401）');
    const unreachable = { cause: 'error', detail: 'connect ECONNREFUSED', final: false } as const;
    expect(streamDownText('bililive-go', unreachable, URL, 'zh-CN')).toBe(
      `bililive-go 的 事件流 (SSE)（${URL}）已中断：无法连接（connect ECONNREFUSED），正在重试。`,
    );
    expect(streamDownText('bililive-go', { cause: 'closed', final: false }, URL, 'en')).toBe(
      `bililive-go's event stream (SSE) at ${URL} is down: the connection closed; retrying.`,
    );
  });

  it('words what a command to another kind did not do', () => {
    expect(kindCommandFailureText('ddtv', { reason: 'cannot', command: 'start' }, 'zh-CN')).toBe(
      'DDTV 不能通过本应用开始录制直播间。',
    );
    expect(kindCommandFailureText('bililive-go', { reason: 'noRoom', roomId: 7 }, 'en')).toBe(
      'bililive-go has no room 7.',
    );
    expect(
      kindCommandFailureText(
        'blrec',
        { reason: 'http', status: 401, detail: 'No api key' },
        'zh-CN',
      ),
    ).toBe('blrec 拒绝了这个操作（HTTP 401：No api key）。');
  });
});
