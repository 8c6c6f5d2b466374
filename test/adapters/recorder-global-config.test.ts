import type { RequestListener } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { connectRecorder, webhooksPointHere } from '../../main/adapters/recorder-global-config';
import { FAKE_COOKIE } from '../fakes/fake-recorder/index';
import { fixtureText } from '../helpers/fixtures';
import { serveOnLoopback } from '../helpers/http';
import { fakeRecorders } from '../fakes/fake-recorder/test-kit';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

const fake = fakeRecorders();

/** The pieces of the fake cookie (names and values) found in a text. */
const cookieParts = (text: string): string[] =>
  FAKE_COOKIE.split(/[;= ]+/).filter((part) => text.includes(part));

const HERE = 'http://127.0.0.1:23560/webhook';
const OTHER = ['http://127.0.0.1:9/other-tool', 'http://127.0.0.1:9/another?x=1'];
const target = { webhookUrl: HERE, listenerHost: '127.0.0.1' };

describe('connectRecorder over HTTP against the fake recorder', () => {
  it('adds this URL to the V2 list, keeps every URL there, posts only that field, and says so', async () => {
    const recorder = await fake({ webhooks: OTHER });
    const before = recorder.state.globalConfig.dto();
    const result = await connectRecorder({ baseUrl: recorder.url }, target, 'en');
    expect(result).toEqual({
      ok: true,
      message: `Connected: the recorder now sends its V2 webhooks to ${HERE} (every URL it had is kept).`,
      webhooks: 'set',
    });
    expect(recorder.state.globalConfig.webhookUrlsV2()).toEqual([...OTHER, HERE]);
    const after = recorder.state.globalConfig.dto();
    expect({ ...after, optionalWebHookUrlsV2: null }).toEqual({
      ...before,
      optionalWebHookUrlsV2: null,
    });
    expect(recorder.state.globalConfig.saves).toBe(1);
  });

  it('never adds the URL twice, however it is written there', async () => {
    const recorder = await fake({ webhooks: [...OTHER, 'HTTP://127.0.0.1:23560/webhook'] });
    const result = await connectRecorder({ baseUrl: recorder.url }, target, 'zh-CN');
    expect(result).toEqual({
      ok: true,
      message: `录播姬已经在向 ${HERE} 发送 Webhook V2，无需更改。`,
      webhooks: 'set',
    });
    expect(recorder.state.globalConfig.saves).toBe(0);
    const again = await connectRecorder({ baseUrl: recorder.url }, target, 'en');
    expect(again.ok).toBe(true);
    expect(recorder.state.globalConfig.webhookUrlsV2()).toHaveLength(3);
  });

  it('connecting twice leaves one entry', async () => {
    const recorder = await fake();
    await connectRecorder({ baseUrl: recorder.url }, target, 'en');
    await connectRecorder({ baseUrl: recorder.url }, target, 'en');
    expect(recorder.state.globalConfig.webhookUrlsV2()).toEqual([HERE]);
  });

  it('notes a URL already in the V1 list (both at once do no harm)', async () => {
    const recorder = await fake({ globalConfig: { webhookUrlsV1: `\r\n${HERE} ` } });
    const result = await connectRecorder({ baseUrl: recorder.url }, target, 'en');
    expect(result.ok).toBe(true);
    expect(result.message).toMatch(/V1 list too; both lists at once do no harm/);
    expect(recorder.state.globalConfig.webhookUrlsV2()).toEqual([HERE]);
    expect(recorder.state.globalConfig.value('optionalWebHookUrls')).toBe(`\r\n${HERE} `);
  });

  it('refuses a loopback listener for a recorder on another host, without a request', async () => {
    const calls: string[] = [];
    const spy = (async (url: string | URL | Request) => {
      calls.push(String(url));
      throw new Error('no request expected');
    }) as typeof fetch;
    const result = await connectRecorder({ baseUrl: 'http://192.168.1.9:2356' }, target, 'en', {
      fetch: spy,
    });
    expect(result).toMatchObject({ ok: false, webhooks: 'unknown' });
    expect(result.message).toMatch(/runs on another machine and cannot reach .*listen on the LAN/);
    expect(calls).toEqual([]);
  });

  it('answers 401 and an HTML 404 in plain words', async () => {
    const locked = await fake({ user: 'admin', pass: 'pw' });
    const denied = await connectRecorder({ baseUrl: locked.url }, target, 'en');
    expect(denied).toEqual({
      ok: false,
      message:
        "Not connected. The recorder asks for a password. Enter the recorder's Basic auth user name and password here.",
      webhooks: 'unknown',
    });
    const allowed = await connectRecorder(
      { baseUrl: locked.url, username: 'admin', password: 'pw' },
      target,
      'en',
    );
    expect(allowed.ok).toBe(true);
    const wrongBase = await connectRecorder(
      { baseUrl: `${locked.url}/api`, username: 'admin', password: 'pw' },
      target,
      'zh-CN',
    );
    expect(wrongBase.ok).toBe(false);
    expect(wrongBase.message).toMatch(/^未能连接。.*不是录播姬的 API/);
  });

  it('says so when the settings read back do not hold the URL (a recorder that did not save)', async () => {
    const body = fixtureText('synthesized/rest-GET-api-config-global.json');
    const forgetful = await serveOnLoopback((req, res) => {
      req.resume().on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(body);
      });
    }, cleanups);
    const result = await connectRecorder({ baseUrl: forgetful }, target, 'en');
    expect(result).toEqual({
      ok: false,
      message: `The recorder took the change, but reading its settings back did not confirm ${HERE}. Check 设置 → Webhook → Webhook V2 in the recorder.`,
      webhooks: 'not set',
    });
  });

  it('says no recorder URL means the desktop edition: paste the URL by hand', async () => {
    const result = await connectRecorder({ baseUrl: '  ' }, target, 'en');
    expect(result).toMatchObject({ ok: false, webhooks: 'unknown' });
    expect(result.message).toMatch(/desktop edition has no API/);
  });
});

describe('webhooksPointHere', () => {
  it('is set, not set, or unknown (no URL, no answer)', async () => {
    const recorder = await fake({ webhooks: OTHER });
    expect(await webhooksPointHere({ baseUrl: recorder.url }, HERE)).toBe('not set');
    recorder.addWebhook(`${HERE}/`); // another URL: the listener answers it with a 404
    expect(await webhooksPointHere({ baseUrl: recorder.url }, HERE)).toBe('not set');
    recorder.addWebhook(HERE.replace('http:', 'HTTP:'));
    expect(await webhooksPointHere({ baseUrl: recorder.url }, HERE)).toBe('set');
    expect(await webhooksPointHere({ baseUrl: '' }, HERE)).toBe('unknown');
    const locked = await fake({ user: 'u', pass: 'p' });
    expect(await webhooksPointHere({ baseUrl: locked.url }, HERE)).toBe('unknown');
  });
});

describe('the login cookie in the answer', () => {
  const answer =
    (status: number, type: string, body: string): RequestListener =>
    (_req, res) => {
      res.writeHead(status, { 'Content-Type': type });
      res.end(body);
    };

  it('appears in no message, whatever the recorder answers', async () => {
    const real = JSON.parse(fixtureText('synthesized/rest-GET-api-config-global.json'));
    real.optionalCookie.value = FAKE_COOKIE;
    const wrongShape = { ...real, optionalWebHookUrlsV2: { hasValue: true, value: 42 } };
    const bodies: [number, string, string][] = [
      [200, 'application/json', `${FAKE_COOKIE} {"optionalCookie":`],
      [200, 'application/json', `{"a": ${FAKE_COOKIE}}`],
      [200, 'application/json', `{"optionalCookie":{"hasValue":true,"value":"${FAKE_COOKIE}"`],
      [200, 'application/json', JSON.stringify(wrongShape)],
      [200, 'application/json', JSON.stringify({ optionalCookie: real.optionalCookie })],
      [500, 'text/plain', FAKE_COOKIE],
      [404, 'text/html', `<html>${FAKE_COOKIE}</html>`],
    ];
    for (const [status, type, body] of bodies) {
      const url = await serveOnLoopback(answer(status, type, body), cleanups);
      for (const language of ['en', 'zh-CN'] as const) {
        const result = await connectRecorder({ baseUrl: url }, target, language);
        expect(result.ok).toBe(false);
        expect(cookieParts(JSON.stringify(result))).toEqual([]);
      }
      expect(await webhooksPointHere({ baseUrl: url }, HERE)).toBe('unknown');
    }
  });

  it('is never sent back: the POST carries only the V2 list', async () => {
    const posted: string[] = [];
    const recorder = await fake();
    const url = await serveOnLoopback((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (req.method === 'POST') posted.push(body);
        // Pass the request on to the fake recorder, as a proxy would.
        void fetch(`${recorder.url}${req.url}`, {
          method: req.method,
          headers: { 'Content-Type': 'application/json' },
          ...(req.method === 'POST' ? { body } : {}),
        }).then(async (r) => {
          res.writeHead(r.status, { 'Content-Type': r.headers.get('content-type') ?? '' });
          res.end(await r.text());
        });
      });
    }, cleanups);
    expect((await connectRecorder({ baseUrl: url }, target, 'en')).ok).toBe(true);
    expect(posted).toEqual([
      JSON.stringify({ optionalWebHookUrlsV2: { hasValue: true, value: HERE } }),
    ]);
  });
});
