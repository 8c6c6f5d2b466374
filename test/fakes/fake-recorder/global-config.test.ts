import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureJson } from '../../helpers/fixtures';
import { FAKE_COOKIE } from './index';
import { fakeRecorders } from './test-kit';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const fake = fakeRecorders();

/** A webhook receiver on 127.0.0.1 that counts the events it got. */
async function receiver(): Promise<{ url: string; events: string[] }> {
  const events: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      events.push(String(JSON.parse(Buffer.concat(chunks).toString('utf8')).EventType));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`, events };
}

const post = (url: string, body: string, type = 'application/json') =>
  fetch(`${url}/api/config/global`, { method: 'POST', headers: { 'Content-Type': type }, body });

describe('fake recorder global settings (/api/config/global)', () => {
  it('answers the GlobalConfigDto of the fixture: every field an Optional, the fake cookie', async () => {
    const recorder = await fake({ webhooks: ['http://127.0.0.1:9/a', 'http://127.0.0.1:9/b'] });
    const response = await fetch(`${recorder.url}/api/config/global`);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await response.json()) as Record<string, { hasValue: boolean; value: unknown }>;
    const fixture = fixtureJson('synthesized/rest-GET-api-config-global.json');
    expect(Object.keys(body)).toEqual(Object.keys(fixture));
    expect(body.optionalWebHookUrlsV2).toEqual({
      hasValue: true,
      value: 'http://127.0.0.1:9/a\nhttp://127.0.0.1:9/b',
    });
    expect(body.optionalWebHookUrls).toEqual({ hasValue: false, value: '' });
    expect(body.optionalCookie).toEqual({ hasValue: true, value: FAKE_COOKIE });
    expect(body.optionalTimingCheckInterval).toEqual({ hasValue: false, value: 600 });
  });

  it('changes only the fields present, answers the new settings, and sends events to the new V2 list', async () => {
    const hook = await receiver();
    const recorder = await fake({ globalConfig: { webhookUrlsV1: 'http://127.0.0.1:9/v1' } });
    const response = await post(
      recorder.url,
      JSON.stringify({
        optionalWebHookUrlsV2: { hasValue: true, value: `\r\n${hook.url}\r\n\r\n` },
        optionalCookie: null,
        notASetting: { hasValue: true, value: 1 },
      }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, { value: unknown }>;
    expect(body.optionalWebHookUrlsV2?.value).toBe(`\r\n${hook.url}\r\n\r\n`);
    expect(body.optionalWebHookUrls?.value).toBe('http://127.0.0.1:9/v1');
    expect(body.optionalCookie?.value).toBe(FAKE_COOKIE);
    expect(recorder.state.globalConfig.saves).toBe(1);
    await recorder.setLive(23058, true);
    expect(hook.events[0]).toBe('StreamStarted');
  });

  it('brings a field back to its default with hasValue false', async () => {
    const recorder = await fake({ webhooks: ['http://127.0.0.1:9/a'] });
    const response = await post(
      recorder.url,
      JSON.stringify({ optionalWebHookUrlsV2: { hasValue: false, value: 'ignored' } }),
    );
    expect(((await response.json()) as any).optionalWebHookUrlsV2).toEqual({
      hasValue: false,
      value: '',
    });
    expect(recorder.state.globalConfig.webhookUrlsV2()).toEqual([]);
  });

  it('refuses a body that is not JSON (400), not typed JSON (415) or a field of the wrong shape', async () => {
    const recorder = await fake({ webhooks: ['http://127.0.0.1:9/a'] });
    expect((await post(recorder.url, '{', 'application/json')).status).toBe(400);
    expect((await post(recorder.url, '{}', 'text/plain')).status).toBe(415);
    const wrong = await post(recorder.url, JSON.stringify({ optionalWebHookUrlsV2: 'x' }));
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(recorder.state.globalConfig.webhookUrlsV2()).toEqual(['http://127.0.0.1:9/a']);
    expect((await fetch(`${recorder.url}/api/config/global`, { method: 'PUT' })).status).toBe(405);
  });

  it('asks for Basic auth like every other path', async () => {
    const recorder = await fake({ user: 'admin', pass: 'pw' });
    expect((await fetch(`${recorder.url}/api/config/global`)).status).toBe(401);
    const auth = `Basic ${Buffer.from('admin:pw', 'utf8').toString('base64')}`;
    const ok = await fetch(`${recorder.url}/api/config/global`, {
      headers: { Authorization: auth },
    });
    expect(ok.status).toBe(200);
  });
});
