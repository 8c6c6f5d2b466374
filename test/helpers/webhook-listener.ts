import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_MIGRATIONS } from '../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../main/adapters/database/database-handle';
import { Deliveries } from '../../main/adapters/database/deliveries';
import { deliveriesJournal } from '../../main/adapters/database/deliveries-journal';
import { EventLogTable } from '../../main/adapters/database/event-log-table';
import { createListenerRoutes } from '../../main/adapters/webhook-listener/webhook-server';
import type { WebhookListenerDeps } from '../../main/adapters/webhook-listener/listener-types';
import { webhookUrlFor } from '../../main/adapters/webhook-listener/webhook-server';
import type { KeptDelivery, JournalPort } from '../../main/core/ports';
import { WebhookIntake, type IntakeResult } from '../../main/core/webhook-intake';
import { memoryLogger } from '../fakes/silent-logger';

/** The instant every listener test runs at. */
export const LISTENER_NOW = 1_700_000_000_000;

/** A listener under test, on 127.0.0.1, over a real database in a temp folder. */
export interface ListenerUnderTest {
  intake: WebhookIntake;
  journal: Deliveries;
  accepted: Extract<IntakeResult, { status: 'accepted' }>[];
  /** Every response the listener made, in the order the requests came. */
  responses: ServerResponse[];
  log: ReturnType<typeof memoryLogger>;
  port: number;
  webhookUrl: string;
  base: string;
  /** The journal's entries as the database holds them now. */
  journalEntries(): Promise<KeptDelivery[]>;
  /** The bodies the journal holds now, as stored, one a line ('' when none). */
  journalText(): Promise<string>;
}

/** What a test may set; the rest is as the app sets it. */
export interface ListenerOptions {
  token?: string;
  /** Stands between the intake and the real journal (to hold or watch its appends). */
  wrapJournal?: (journal: JournalPort) => JournalPort;
  onAccepted?: WebhookListenerDeps['onAccepted'];
  onDuplicate?: WebhookListenerDeps['onDuplicate'];
  /** The recorders the listener has URLs for, the first first (default: one, `default`). */
  recorderIds?: string[];
}

const cleanups: (() => Promise<void>)[] = [];

/** Starts the listener's routes on a plain node:http server with a real database. */
export async function startListener(options: ListenerOptions = {}): Promise<ListenerUnderTest> {
  const dir = await mkdtemp(join(tmpdir(), 'recorder-tray-listener-'));
  const database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
  const journal = new Deliveries(database);
  const journalPort = deliveriesJournal(database, journal, new EventLogTable(database));
  const intake = new WebhookIntake(
    options.wrapJournal?.(journalPort) ?? journalPort,
    () => LISTENER_NOW,
  );
  const accepted: ListenerUnderTest['accepted'] = [];
  const responses: ServerResponse[] = [];
  const log = memoryLogger();
  const token = options.token ?? '';
  const routes = createListenerRoutes({
    intake,
    onAccepted: options.onAccepted ?? ((result) => accepted.push(result)),
    onDuplicate: options.onDuplicate,
    token,
    recorderIds: () => options.recorderIds ?? ['default'],
    version: '9.9.9',
    startedAt: LISTENER_NOW - 5000,
    clock: () => LISTENER_NOW,
    log,
  });
  const server = createServer((req, res) => {
    responses.push(res);
    routes(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    await close(server);
    database.close();
    await rm(dir, { recursive: true, force: true });
  });
  const port = (server.address() as AddressInfo).port;
  const journalText = async () =>
    (
      database.statement('SELECT body FROM deliveries ORDER BY seq').pluck().all() as (
        Buffer | string
      )[]
    )
      .map((body) => body.toString())
      .join('\n');
  return {
    intake,
    journal,
    accepted,
    responses,
    log,
    port,
    webhookUrl: webhookUrlFor('127.0.0.1', port, token),
    base: `http://127.0.0.1:${port}`,
    journalText,
    journalEntries: async () => journal.read().entries,
  };
}

/** Stops every listener started since the last call and removes its folder (for afterEach). */
export async function stopListeners(): Promise<void> {
  for (const cleanup of cleanups.splice(0)) await cleanup();
}

async function close(server: Server): Promise<void> {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
