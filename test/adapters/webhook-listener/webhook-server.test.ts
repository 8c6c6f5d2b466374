import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_MIGRATIONS } from '../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../main/adapters/database/database-handle';
import { Deliveries } from '../../../main/adapters/database/deliveries';
import { deliveriesJournal } from '../../../main/adapters/database/deliveries-journal';
import { EventLogTable } from '../../../main/adapters/database/event-log-table';
import {
  UnsafeBindError,
  WebhookServer,
  webhookUrlFor,
} from '../../../main/adapters/webhook-listener/webhook-server';
import { WebhookIntake } from '../../../main/core/webhook-intake';
import { memoryLogger } from '../../fakes/silent-logger';
import { fixtureText } from '../../helpers/fixtures';
import { postWebhook, rawRequest } from '../../helpers/http';
import { LISTENER_NOW, startListener, stopListeners } from '../../helpers/webhook-listener';

const STREAM_STARTED = fixtureText('synthesized/webhook-v2-StreamStarted.json');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await stopListeners();
});

/** A WebhookServer (not yet bound) over a real database in a temp folder. */
async function newServer(): Promise<WebhookServer> {
  const dir = await mkdtemp(join(tmpdir(), 'recorder-tray-server-'));
  const database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
  const journal = new Deliveries(database);
  const server = new WebhookServer({
    intake: new WebhookIntake(
      deliveriesJournal(database, journal, new EventLogTable(database)),
      Date.now,
    ),
    onAccepted: () => {},
    recorderIds: () => ['default'],
    version: '1',
    startedAt: 0,
    clock: Date.now,
    log: memoryLogger(),
  });
  cleanups.push(async () => {
    await server.stop();
    database.close();
    await rm(dir, { recursive: true, force: true });
  });
  return server;
}

describe('webhook server: binding', () => {
  it('refuses a non-loopback address without a token, with a clear message', async () => {
    const server = await newServer();
    const start = () => server.start({ host: '0.0.0.0', port: 0, token: '' });
    await expect(start()).rejects.toThrow(UnsafeBindError);
    await expect(start()).rejects.toThrow(/without a token/);
    expect(server.address).toBeUndefined();
  });

  it('binds a free port, answers there, and reports its address and URL', async () => {
    const server = await newServer();
    const { port, webhookUrl } = await server.start({ host: '127.0.0.1', port: 0, token: '' });
    expect(webhookUrl).toBe(`http://127.0.0.1:${port}/webhook`);
    expect(server.address).toEqual({ host: '127.0.0.1', port, token: '' });
    expect((await postWebhook(webhookUrl, STREAM_STARTED)).status).toBe(204);
  });

  it('moves to a new port on restart and keeps answering; the old port is closed', async () => {
    const server = await newServer();
    const first = await server.start({ host: '127.0.0.1', port: 0, token: '' });
    const moved = await server.restart({ host: '127.0.0.1', port: 0, token: 'new' });
    expect(moved.port).not.toBe(first.port);
    expect((await postWebhook(moved.webhookUrl, STREAM_STARTED)).status).toBe(204);
    await expect(rawRequest(`http://127.0.0.1:${first.port}/health`)).rejects.toThrow();
  });

  it('stops: the port no longer answers and the address is gone', async () => {
    const server = await newServer();
    const { port } = await server.start({ host: '127.0.0.1', port: 0, token: '' });
    await server.stop();
    expect(server.address).toBeUndefined();
    await expect(rawRequest(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  });

  it('stops without waiting on a connection that sent nothing or stopped halfway through a request', async () => {
    const server = await newServer();
    const { port } = await server.start({ host: '127.0.0.1', port: 0, token: '' });
    const silent = connect(port, '127.0.0.1');
    const halfway = connect(port, '127.0.0.1', () =>
      halfway.write(
        'POST /webhook HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 900\r\n\r\n{"Event',
      ),
    );
    const closed = (socket: Socket) =>
      new Promise<void>((resolve) => socket.once('close', () => resolve()));
    const bothClosed = Promise.all([closed(silent), closed(halfway)]);
    const errors: string[] = [];
    for (const socket of [silent, halfway])
      socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? ''));
    await Promise.all([once(silent, 'connect'), once(halfway, 'connect')]);
    // Node's close() alone waits on these for headersTimeout (60 s) and requestTimeout (300 s).
    await server.stop();
    await bothClosed;
    expect([silent.destroyed, halfway.destroyed]).toEqual([true, true]);
    expect(errors.filter((code) => code !== 'ECONNRESET')).toEqual([]); // reset by the server: the point
  });
});

describe('webhookUrlFor', () => {
  it('puts IPv6 hosts in brackets and percent-encodes the token', () => {
    expect(webhookUrlFor('::1', 8080, 'a b')).toBe('http://[::1]:8080/webhook/a%20b');
    expect(webhookUrlFor('127.0.0.1', 1, '')).toBe('http://127.0.0.1:1/webhook');
  });
});

describe('listener routes', () => {
  it('GET /health → status, version, uptime, counts and the recorder version', async () => {
    const t = await startListener();
    await postWebhook(t.webhookUrl, STREAM_STARTED);
    await postWebhook(t.webhookUrl, STREAM_STARTED);
    await postWebhook(t.webhookUrl, 'nope');
    const res = await rawRequest(`${t.base}/health`);
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      app: 'recorder-tray',
      version: '9.9.9',
      uptimeSeconds: 5,
      webhooks: { received: 3, accepted: 1, duplicates: 1, rejected: 1 },
      lastWebhookAt: new Date(LISTENER_NOW).toISOString(),
      lastUserAgent: 'BililiveRecorder/2.11.1',
      recorderVersion: '2.11.1',
    });
  });

  it('/health stands behind the same guard: an Origin → 403, a DNS Host without a token → 403, an IP literal passes', async () => {
    const t = await startListener();
    const fromPage = await rawRequest(`${t.base}/health`, {
      headers: { Origin: 'http://127.0.0.1:8080' },
    });
    expect(fromPage.status).toBe(403);
    const rebound = await rawRequest(`${t.base}/health`, { headers: { Host: 'evil.example.com' } });
    expect(rebound.status).toBe(403);
    expect((await rawRequest(`${t.base}/health`, { headers: { Host: '[::1]:1' } })).status).toBe(
      200,
    );
  });

  it('/health answers GET and HEAD, with a trailing slash or in capitals; other methods → 404', async () => {
    const t = await startListener();
    for (const path of ['/health/', '/HEALTH']) {
      const res = await rawRequest(`${t.base}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.json(), path).toMatchObject({ status: 'ok', version: '9.9.9' });
    }
    const head = await rawRequest(`${t.base}/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const post = await rawRequest(`${t.base}/health`, { method: 'POST' });
    expect(post.status).toBe(404);
    expect(post.json()).toEqual({ error: 'not found' });
  });

  it('an error while answering → 500 in JSON, and the log says what failed', async () => {
    const t = await startListener();
    Object.defineProperty(t.intake, 'counters', {
      get: () => {
        throw new Error('counters unreadable');
      },
    });
    const res = await rawRequest(`${t.base}/health`);
    expect(res.status).toBe(500);
    expect(res.json()).toEqual({ error: 'internal error' });
    expect(t.log.lines).toContain('error webhook listener: Error: counters unreadable');
  });

  it('any other path → 404 in JSON; only /webhook and below reach the webhook handler', async () => {
    const t = await startListener();
    for (const path of ['/', '/webhooks', '/health/x', '/api/webhook']) {
      const res = await postWebhook(`${t.base}${path}`, STREAM_STARTED);
      expect(res.status, path).toBe(404);
      expect(res.json()).toEqual({ error: 'not found' });
    }
    expect(t.intake.counters.received).toBe(0);
    expect((await rawRequest(`${t.base}/webhook?x=1`, { method: 'GET' })).status).toBe(405);
  });
});
