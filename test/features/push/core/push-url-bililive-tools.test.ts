import { describe, expect, it } from 'vitest';
import { parsePushUrl } from '../../../../main/features/push/core/push-url';

describe('bililive-tools:// push URLs', () => {
  it('name biliLive-tools by host and port, its own 18010 when none is given', () => {
    expect(parsePushUrl('bililive-tools://127.0.0.1:18011')).toEqual({
      ok: true,
      value: {
        target: { service: 'bililive-tools', origin: 'http://127.0.0.1:18011' },
        secrets: [],
        redacted: 'bililive-tools://127.0.0.1:18011',
      },
    });
    const bare = parsePushUrl('BiliLive-Tools://nas.local');
    expect(bare.ok && bare.value.target).toEqual({
      service: 'bililive-tools',
      origin: 'http://nas.local:18010',
    });
  });

  it.each([
    'bililive-tools://',
    'bililive-tools://host:99999',
    'bililive-tools://host:18010/webhook/custom',
    'bililive-tools://user:pass@host:18010',
    'bililive-tools://host:18010?token=x',
    'bililive-tools://bad host',
  ])('refuse %s, saying what is wanted', (url) => {
    expect(parsePushUrl(url)).toEqual({
      ok: false,
      error: expect.stringContaining('bililive-tools://host[:port]'),
    });
  });
});
