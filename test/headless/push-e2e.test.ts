import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../main/adapters/database/open-database';
import { startFakePushServer, type FakePushServer } from '../fakes/push-services/fake-push-server';
import { ntfyService } from '../fakes/push-services/services';
import { fixtureText } from '../helpers/fixtures';
import { killAll, startHeadless, type HeadlessProcess } from '../helpers/headless-process';
import { postWebhook } from '../helpers/http';
import { savedHistory } from '../helpers/saved-history';

const STREAM_STARTED = fixtureText('synthesized/webhook-v2-StreamStarted.json');
const running: HeadlessProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  await killAll(running);
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(): Promise<{ ntfy: FakePushServer; dataDir: string; args: string[] }> {
  const ntfy = await startFakePushServer(ntfyService());
  const dataDir = await mkdtemp(join(tmpdir(), 'headless-push-'));
  cleanups.push(
    () => ntfy.close(),
    () => rm(dataDir, { recursive: true, force: true }),
  );
  const target = `ntfy://127.0.0.1:${ntfy.port}/live-topic`;
  return {
    ntfy,
    dataDir,
    args: ['--port', '0', '--no-desktop', '--data-dir', dataDir, '--lang', 'en', '--push', target],
  };
}

function launch(args: string[]): HeadlessProcess {
  const p = startHeadless(args);
  running.push(p);
  return p;
}

/** The pushes owed in the database a killed run left (its lock went with it). */
function owedPushes(dataDir: string): unknown[] {
  const db = new Database(join(dataDir, DATABASE_FILE));
  try {
    return db.prepare("SELECT attempts FROM outbox WHERE kind = 'push'").all();
  } finally {
    db.close();
  }
}

describe('headless --push', () => {
  // How fast: bench:latency (go-live webhook → pushed).
  it('pushes a go-live with the streamer’s name, one output line per attempt', async () => {
    const { ntfy, args } = await setup();
    const p = launch(args);
    const ready = await p.waitFor((l) => l.type === 'ready');
    expect((await postWebhook(ready.webhookUrl, STREAM_STARTED)).status).toBe(204);
    await vi.waitFor(() => expect(ntfy.received).toHaveLength(1), {
      timeout: 10_000,
      interval: 20,
    });
    expect(ntfy.received[0]!.body).toMatchObject({
      topic: 'live-topic',
      title: '3号直播间 is live',
      click: 'https://live.bilibili.com/23058',
    });
    const line = await p.waitFor((l) => l.type === 'push');
    expect(line).toMatchObject({
      target: `ntfy://127.0.0.1:${ntfy.port}/li***`,
      status: 'sent',
      attempt: 1,
    });
    expect(JSON.stringify(p.lines)).not.toContain('live-topic');
  });

  it('retries a target answering 503 and delivers once it recovers, across a kill -9 and a restart', async () => {
    const { ntfy, dataDir, args } = await setup();
    ntfy.down = true;
    const first = launch(args);
    const ready = await first.waitFor((l) => l.type === 'ready');
    await postWebhook(ready.webhookUrl, STREAM_STARTED);
    const failedLine = await first.waitFor((l) => l.type === 'push' && l.status === 'failed');
    expect(failedLine).toMatchObject({ reason: 'serverError', retryAt: expect.any(Number) });
    await first.waitFor((l) => l.type === 'push' && l.status === 'failed' && l.attempt === 2);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(owedPushes(dataDir)).toEqual([{ attempts: 2 }]);
    expect(ntfy.received).toEqual([]);

    const second = launch(args);
    await second.waitFor((l) => l.type === 'ready');
    // Still down after the restart: retried again, then delivered once the target recovers.
    await second.waitFor((l) => l.type === 'push' && l.status === 'failed');
    ntfy.down = false;
    const sent = await second.waitFor((l) => l.type === 'push' && l.status === 'sent', 15_000);
    expect(sent.attempt).toBeGreaterThanOrEqual(2);
    expect(ntfy.received).toHaveLength(1);
    expect(ntfy.received[0]!.body.title).toBe('3号直播间 is live');
    expect(await second.stop()).toBe(0);
    expect(ntfy.received).toHaveLength(1);
    const [kept] = savedHistory(dataDir).notifications;
    expect(kept?.push?.map((record) => record.status)).toEqual(['sent']);
  }, 40_000);
});
