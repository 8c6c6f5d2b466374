import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryNotification } from '../../../../shared/history';
import type { PushRecord } from '../../../../shared/push';
import { Settings } from '../../../../shared/settings';
import { PushSink } from '../../../../main/features/push/app/push-sink';
import { APP_MIGRATIONS } from '../../../../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../../../../main/adapters/database/database-handle';
import { oneBotService } from '../../../fakes/push-services/chat-services';
import {
  startFakePushServer,
  type FakePushServer,
} from '../../../fakes/push-services/fake-push-server';
import { memoryLogger } from '../../../fakes/silent-logger';

let dataDir: string;
let server: FakePushServer;
const sinks: PushSink[] = [];
const databases: DatabaseHandle[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'push-pictures-'));
  server = await startFakePushServer(oneBotService({ groups: [123456], users: [] }));
});

afterEach(async () => {
  await Promise.all(sinks.splice(0).map((s) => s.stop()));
  for (const db of databases.splice(0)) db.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const cover = { url: 'https://i0.hdslb.com/bfs/live/cover.jpg', path: '/cache/cover.jpg' };
const goLive: HistoryNotification = {
  notification: {
    id: 'n1',
    event: 'StreamStarted',
    roomIds: [23058],
    title: '3号直播间 开播了',
    body: '',
    createdAt: 1,
    facts: { name: '3号直播间', title: '今晚', area: '' },
    pictures: { cover },
  },
  decision: { shown: true },
  read: false,
};

async function startSink(url: string) {
  const results: PushRecord[] = [];
  const database = DatabaseHandle.open(dataDir, { migrations: APP_MIGRATIONS });
  databases.push(database);
  const sink = new PushSink({
    database,
    retryDelaysMs: [50],
    onResult: (_id, r) => results.push(r),
  });
  sinks.push(sink);
  const settings = Settings.parse({ pushTargets: [{ url }] });
  await sink.start({
    clock: Date.now,
    log: memoryLogger(),
    dataDir,
    settings: () => settings,
    language: () => 'zh-CN',
  });
  /** Stops the sink, then closes the database (as the app does), for a restart. */
  const stop = async () => {
    await sink.stop();
    database.close();
  };
  return { sink, results, stop };
}

describe('pictures through the push sink', () => {
  it('sends the room’s cover with the message, and keeps it in the outbox across a restart', async () => {
    server.down = true;
    const url = `onebot://127.0.0.1:${server.port}/group/123456`;
    const first = await startSink(url);
    first.sink.decided(goLive);
    await vi.waitFor(() => expect(server.refused).toBeGreaterThanOrEqual(1));
    await first.stop();
    server.down = false;
    const second = await startSink(url);
    await vi.waitFor(() => expect(second.results).toMatchObject([{ status: 'sent' }]));
    expect(server.received[0]!.body.message).toEqual([
      {
        type: 'text',
        data: { text: '3号直播间 开播了\n今晚\nhttps://live.bilibili.com/23058' },
      },
      { type: 'image', data: { file: cover.url } },
    ]);
  });
});
