import { describe, expect, it } from 'vitest';
import {
  addToWebhookList,
  webhookListHas,
  webhookListUrls,
  webhookUrlKey,
} from '../../main/core/webhook-list';

describe('webhook lists (one string, URLs separated by newlines)', () => {
  it('splits as the recorder does: \\r and \\n, trimmed, blank lines skipped', () => {
    expect(webhookListUrls('\r\n  http://a/x  \r\n\r\nhttp://b/y\n\n')).toEqual([
      'http://a/x',
      'http://b/y',
    ]);
    expect(webhookListUrls('')).toEqual([]);
  });

  it('compares scheme and host without case and without a default port', () => {
    expect(webhookUrlKey('HTTP://Host.LAN:80/webhook')).toBe('http://host.lan/webhook');
    expect(webhookUrlKey('https://h:443')).toBe(webhookUrlKey('https://h/'));
    // A trailing slash on a path is another URL: the listener answers /webhook/ with a 404.
    expect(webhookUrlKey('http://h/webhook/')).not.toBe(webhookUrlKey('http://h/webhook'));
    expect(webhookUrlKey(' http://h:23560/webhook/TOKEN ')).toBe('http://h:23560/webhook/TOKEN');
    // The path and a token keep their case: the listener compares them exactly.
    expect(webhookUrlKey('http://h/webhook/Token')).not.toBe(
      webhookUrlKey('http://h/webhook/token'),
    );
    expect(webhookUrlKey('not a url')).toBe('not a url');
  });

  it('finds a URL written another way', () => {
    const list = 'https://example.org/hook\nHTTP://127.0.0.1:80/webhook';
    expect(webhookListHas(list, 'http://127.0.0.1/webhook')).toBe(true);
    expect(webhookListHas(list, 'http://127.0.0.1:23561/webhook')).toBe(false);
  });

  it('adds at the end, keeps every line as written, and never adds twice', () => {
    const url = 'http://192.168.1.5:23560/webhook/t0k';
    const first = addToWebhookList('http://a/x\r\nhttp://b/y\r\n\r\n', url);
    expect(first).toEqual({ list: `http://a/x\r\nhttp://b/y\r\n${url}`, added: true });
    expect(addToWebhookList(first.list, ` ${url.replace('http:', 'HTTP:')} `)).toEqual({
      list: first.list,
      added: false,
    });
    expect(addToWebhookList('', url)).toEqual({ list: url, added: true });
    expect(addToWebhookList('  \n', url)).toEqual({ list: url, added: true });
  });
});
