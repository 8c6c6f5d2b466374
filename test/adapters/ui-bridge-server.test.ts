import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BRIDGE_COOKIE,
  BRIDGE_TOKEN_HEADER,
  UiBridgeServer,
} from '../../main/adapters/ui-bridge-server';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';
import { fakeHandlers } from '../fakes/contract-handlers';
import { memoryLogger } from '../fakes/silent-logger';
import { rawRequest } from '../helpers/http';

const TOKEN = 'preview-Token-1';
let server: UiBridgeServer;
let rendererDir: string;
let origin: string;
let port: number;

beforeEach(async () => {
  rendererDir = await mkdtemp(join(tmpdir(), 'recorder-tray-bridge-'));
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>window</title>');
  server = new UiBridgeServer({
    handlers: fakeHandlers(),
    subscribe: () => () => undefined,
    token: TOKEN,
    rendererDir,
    log: memoryLogger(),
  });
  ({ port } = await server.start(0));
  origin = `http://127.0.0.1:${port}`;
});

afterEach(async () => {
  await server.close();
  await rm(rendererDir, { recursive: true, force: true });
});

const call = (headers: Record<string, string>, channel = 'state:get') =>
  rawRequest(`${origin}/api/call/${channel}`, { method: 'POST', headers });
const withToken = { [BRIDGE_TOKEN_HEADER]: TOKEN };

describe('the browser preview bridge: who may call', () => {
  it('serves the contract with the token', async () => {
    const answer = await call(withToken);
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ unreadCount: expect.any(Number) });
  });

  it('refuses a request without the token (401) or with a wrong one (403)', async () => {
    expect((await rawRequest(`${origin}/`)).status).toBe(401);
    expect((await call({})).status).toBe(401);
    expect((await rawRequest(`${origin}/api/events`)).status).toBe(401);
    expect((await call({ [BRIDGE_TOKEN_HEADER]: `${TOKEN}x` })).status).toBe(403);
    expect((await rawRequest(`${origin}/?token=wrong`)).status).toBe(403);
  });

  it('refuses a foreign Origin and a DNS Host even with the token', async () => {
    expect((await call({ ...withToken, Origin: 'http://evil.example' })).status).toBe(403);
    expect((await call({ ...withToken, Origin: `http://localhost:${port}` })).status).toBe(403);
    expect((await call({ ...withToken, Host: `evil.example:${port}` })).status).toBe(403);
    expect((await call({ ...withToken, Host: `rebind.127.0.0.1.nip.io:${port}` })).status).toBe(
      403,
    );
    expect((await call({ ...withToken, Origin: origin })).status).toBe(200);
  });

  it('keeps the token from the URL in an HttpOnly SameSite=Strict cookie, which then suffices', async () => {
    const page = await rawRequest(`${origin}/?token=${encodeURIComponent(TOKEN)}`);
    expect(page.status).toBe(200);
    const [cookie] = [page.headers['set-cookie']].flat();
    expect(cookie).toMatch(new RegExp(`^${BRIDGE_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const cookiePair = cookie!.split(';')[0]!;
    expect((await call({ Cookie: cookiePair })).status).toBe(200);
  });

  it('sends the page with the content security policy and no sniffing, referrer or caching', async () => {
    const page = await rawRequest(`${origin}/?token=${encodeURIComponent(TOKEN)}`);
    expect(page.headers).toMatchObject({
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    expect(page.text).toContain('<title>window</title>');
  });
});

describe('the browser preview bridge: what it accepts', () => {
  it('answers a malformed request with 400 and the reasons', async () => {
    const answer = await rawRequest(`${origin}/api/call/eventLog:replay`, {
      method: 'POST',
      headers: { ...withToken, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entryId: 'one' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.json()).toMatchObject({ reasons: [expect.stringContaining('entryId')] });
  });

  it('answers an unknown channel, even an inherited name, with 404', async () => {
    for (const channel of ['nope', 'toString', '__proto__'])
      expect((await call(withToken, channel)).status, channel).toBe(404);
  });
});
