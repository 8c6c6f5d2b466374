import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryNotification } from '../../../../shared/history';
import { startPushFeature } from '../../../fakes/push-feature';
import { oneBotService } from '../../../fakes/push-services/chat-services';
import {
  startFakePushServer,
  type FakePushServer,
} from '../../../fakes/push-services/fake-push-server';

let dataDir: string;
let server: FakePushServer;
const sinks: { stop(): Promise<void> }[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'push-pictures-'));
  server = await startFakePushServer(oneBotService({ groups: [123456], users: [] }));
});

afterEach(async () => {
  await Promise.all(sinks.splice(0).map((s) => s.stop()));
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
    createdAt: Date.now(),
    facts: { name: '3号直播间', title: '今晚', area: '' },
    pictures: { cover },
  },
  decision: { shown: true },
  read: false,
};

async function startSink(url: string) {
  const started = await startPushFeature(dataDir, [{ url }], {
    retryDelaysMs: [50],
    language: 'zh-CN',
  });
  sinks.push(started);
  return started;
}

describe('pictures through the push sink', () => {
  it('sends the room’s cover with the message, and keeps it in the outbox across a restart', async () => {
    server.down = true;
    const url = `onebot://127.0.0.1:${server.port}/group/123456`;
    const first = await startSink(url);
    first.decided(goLive);
    await vi.waitFor(() => expect(server.refused).toBeGreaterThanOrEqual(1));
    await first.stop();
    server.down = false;
    const second = await startSink(url);
    await vi.waitFor(() =>
      expect(second.results.map((r) => r.record)).toMatchObject([{ status: 'sent' }]),
    );
    expect(server.received[0]!.body.message).toEqual([
      {
        type: 'text',
        data: { text: '3号直播间 开播了\n今晚\nhttps://live.bilibili.com/23058' },
      },
      { type: 'image', data: { file: cover.url } },
    ]);
  });
});
