import { describe, expect, it } from 'vitest';
import { pictureDownloadUrl } from '../../../../main/features/pictures/core/picture-url';

const HOST = 'https://api.live.bilibili.com';

describe('pictureDownloadUrl', () => {
  it('takes bilibili image hosts, raising http to https', () => {
    expect(pictureDownloadUrl('http://i0.hdslb.com/bfs/live/a.jpg', HOST)).toBe(
      'https://i0.hdslb.com/bfs/live/a.jpg',
    );
    expect(pictureDownloadUrl('https://i2.hdslb.com/bfs/face/b.png', HOST)).toBe(
      'https://i2.hdslb.com/bfs/face/b.png',
    );
    expect(pictureDownloadUrl('//i1.hdslb.com/bfs/face/c.jpg', HOST)).toBe(
      'https://i1.hdslb.com/bfs/face/c.jpg',
    );
  });

  it('takes the configured live API host itself (a mirror, or the tests’ fake)', () => {
    expect(pictureDownloadUrl('http://127.0.0.1:4000/img/a.png', 'http://127.0.0.1:4000')).toBe(
      'http://127.0.0.1:4000/img/a.png',
    );
    expect(pictureDownloadUrl('http://127.0.0.1:4001/img/a.png', 'http://127.0.0.1:4000')).toBe(
      undefined,
    );
  });

  it('refuses other hosts, look-alikes, credentials, odd ports and other schemes', () => {
    for (const raw of [
      'https://evil.example/a.jpg',
      'https://hdslb.com.evil.example/a.jpg',
      'https://evilhdslb.com/a.jpg',
      'https://user:pw@i0.hdslb.com/a.jpg',
      'https://i0.hdslb.com:8443/a.jpg',
      'file:///etc/passwd',
      'ftp://i0.hdslb.com/a.jpg',
      'http://127.0.0.1:2356/api/room',
      'not a url',
      '',
    ])
      expect(pictureDownloadUrl(raw, HOST), raw).toBeUndefined();
  });
});
