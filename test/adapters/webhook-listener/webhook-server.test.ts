import { mkdtemp, rm } from 'node:fs/promises';
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

const STREAM_STARTED = fixtureText('synthesized/webhook-v2-StreamStarted.json');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
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
});

describe('webhookUrlFor', () => {
  it('puts IPv6 hosts in brackets and percent-encodes the token', () => {
    expect(webhookUrlFor('::1', 8080, 'a b')).toBe('http://[::1]:8080/webhook/a%20b');
    expect(webhookUrlFor('127.0.0.1', 1, '')).toBe('http://127.0.0.1:1/webhook');
  });
});
