import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebhookIntake, type IntakeResult } from '../../main/core/webhook-intake';
import { UnsafeBindError, WebhookServer } from '../../main/adapters/webhook-server';
import { MemoryJournal } from '../fakes/memory-journal';
import { memoryLogger } from '../fakes/silent-logger';
import { fixtureText } from '../helpers/fixtures';
import { postWebhook, rawRequest } from '../helpers/http';

const STREAM_STARTED = fixtureText('synthesized/webhook-v2-StreamStarted.json');
const V1 = fixtureText('synthesized/webhook-v1-RecordEnd.json');

let server: WebhookServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function start(token = '', host = '127.0.0.1') {
  const journal = new MemoryJournal();
  const intake = new WebhookIntake(journal, () => 1_700_000_000_000);
  const accepted: Extract<IntakeResult, { status: 'accepted' }>[] = [];
  server = new WebhookServer({
    intake,
    onAccepted: (a) => accepted.push(a),
    version: '9.9.9',
    startedAt: 1_700_000_000_000 - 5000,
    clock: () => 1_700_000_000_000,
    log: memoryLogger(),
  });
  const { port, webhookUrl } = await server.start({ host, port: 0, token });
  const base = `http://127.0.0.1:${port}`;
  const settle = () => new Promise((r) => setImmediate(r));
  return { journal, intake, accepted, port, webhookUrl, base, settle };
}

describe('webhook listener: the answer table', () => {
  it('valid V2 of a known type → 204, journaled, processed after the answer', async () => {
    const t = await start();
    const res = await postWebhook(t.webhookUrl, STREAM_STARTED);
    expect(res.status).toBe(204);
    expect(t.journal.entries).toHaveLength(1);
    await t.settle();
    expect(t.accepted.map((a) => a.webhook.type)).toEqual(['StreamStarted']);
  });

  it('valid V2 with an unknown EventType → 204, kept in the journal', async () => {
    const t = await start();
    const body = JSON.stringify({ ...JSON.parse(STREAM_STARTED), EventType: 'SomethingNew' });
    expect((await postWebhook(t.webhookUrl, body)).status).toBe(204);
    await t.settle();
    expect(t.journal.entries).toHaveLength(1);
    expect(t.accepted[0]?.webhook.type).toBe('unknown');
  });

  it('a duplicate EventId → 204 and nothing repeated', async () => {
    const t = await start();
    for (let i = 0; i < 3; i++)
      expect((await postWebhook(t.webhookUrl, STREAM_STARTED)).status).toBe(204);
    await t.settle();
    expect(t.journal.entries).toHaveLength(1);
    expect(t.accepted).toHaveLength(1);
    expect(t.intake.counters.duplicates).toBe(2);
  });

  it('simultaneous deliveries of one event (a URL listed twice) → one accepted', async () => {
    const t = await start();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postWebhook(t.webhookUrl, STREAM_STARTED)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(204));
    await t.settle();
    expect(t.accepted).toHaveLength(1);
  });

  it('valid V1 → 204, processed as a finished file; a V1 retry is a duplicate', async () => {
    const t = await start();
    expect((await postWebhook(t.webhookUrl, V1)).status).toBe(204);
    expect((await postWebhook(t.webhookUrl, V1)).status).toBe(204);
    await t.settle();
    expect(t.accepted.map((a) => a.webhook.type)).toEqual(['FileClosedV1']);
  });

  it('malformed JSON → 400 with a JSON error', async () => {
    const t = await start();
    const res = await postWebhook(t.webhookUrl, '{"EventType": ');
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.stringMatching(/malformed JSON/) });
  });

  it('invalid UTF-8 → 400', async () => {
    const t = await start();
    const res = await postWebhook(t.webhookUrl, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({ error: 'body is not valid UTF-8' });
    // Cut in the middle of a character (一 is E4 B8 80).
    const cut = Buffer.concat([Buffer.from('{"Name":"'), Buffer.from('一').subarray(0, 2)]);
    expect((await postWebhook(t.webhookUrl, cut)).status).toBe(400);
  });

  it('a UTF-8 byte order mark before the JSON (a script that wrote the body with one) → 204', async () => {
    const t = await start();
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(STREAM_STARTED)]);
    expect((await postWebhook(t.webhookUrl, body)).status).toBe(204);
    expect(t.journal.entries).toHaveLength(1);
  });

  it('JSON that is neither V1 nor V2 → 422 with path: message reasons', async () => {
    const t = await start();
    const res = await postWebhook(t.webhookUrl, '{"hello":"world"}');
    expect(res.status).toBe(422);
    expect(res.json()).toMatchObject({
      error: expect.any(String),
      reasons: [expect.stringMatching(/neither/)],
    });
    const bad = JSON.parse(STREAM_STARTED);
    bad.EventData.RoomId = 'x';
    const res2 = await postWebhook(t.webhookUrl, JSON.stringify(bad));
    expect(res2.status).toBe(422);
    expect(res2.json()).toMatchObject({
      reasons: ['EventData.RoomId: expected number, received string'],
    });
    expect(t.journal.entries).toHaveLength(0);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=gbk'])(
    'Content-Type %s → 415',
    async (type) => {
      const t = await start();
      expect(
        (await postWebhook(t.webhookUrl, STREAM_STARTED, { 'Content-Type': type })).status,
      ).toBe(415);
    },
  );

  it('Content-Type with charset=utf-8 is accepted too', async () => {
    const t = await start();
    const res = await postWebhook(t.webhookUrl, STREAM_STARTED, {
      'Content-Type': 'application/json; charset=UTF-8',
    });
    expect(res.status).toBe(204);
  });

  it('a body over 1 MiB → 413', async () => {
    const t = await start();
    const body = JSON.stringify({
      ...JSON.parse(STREAM_STARTED),
      Padding: 'x'.repeat(1024 * 1024),
    });
    expect((await postWebhook(t.webhookUrl, body)).status).toBe(413);
    expect(t.journal.entries).toHaveLength(0);
  });

  it('token configured: bare path, wrong token and a token prefix → 404; right token → 204', async () => {
    const t = await start('s3cret-Token');
    expect(t.webhookUrl).toBe(`http://127.0.0.1:${t.port}/webhook/s3cret-Token`);
    expect((await postWebhook(`${t.base}/webhook`, STREAM_STARTED)).status).toBe(404);
    expect((await postWebhook(`${t.base}/webhook/wrong`, STREAM_STARTED)).status).toBe(404);
    expect((await postWebhook(`${t.base}/webhook/s3cret`, STREAM_STARTED)).status).toBe(404);
    expect((await postWebhook(`${t.base}/webhook/s3cret-Token`, STREAM_STARTED)).status).toBe(204);
  });

  it('any Origin header → 403 (the recorder never sends one)', async () => {
    const t = await start();
    const res = await postWebhook(t.webhookUrl, STREAM_STARTED, {
      Origin: 'http://127.0.0.1:8080',
    });
    expect(res.status).toBe(403);
    expect(t.journal.entries).toHaveLength(0);
  });

  it('without a token, a Host that is a DNS name → 403 (DNS rebinding); IP literals and localhost pass', async () => {
    const t = await start();
    expect(
      (await postWebhook(t.webhookUrl, STREAM_STARTED, { Host: 'evil.example.com' })).status,
    ).toBe(403);
    expect(
      (await postWebhook(t.webhookUrl, STREAM_STARTED, { Host: `localhost:${t.port}` })).status,
    ).toBe(204);
    expect((await rawRequest(`${t.base}/health`, { headers: { Host: '[::1]:1' } })).status).toBe(
      200,
    );
  });

  it('with a token, a DNS Host is fine (LAN set-ups use names)', async () => {
    const t = await start('tok');
    expect((await postWebhook(t.webhookUrl, STREAM_STARTED, { Host: 'desktop.lan' })).status).toBe(
      204,
    );
  });

  it.each(['GET', 'PUT', 'DELETE'])(
    '%s on the webhook path → 405 with Allow: POST',
    async (method) => {
      const t = await start();
      const res = await rawRequest(t.webhookUrl, { method });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST');
    },
  );

  it('GET /health → status, version, uptime, counts and the recorder version', async () => {
    const t = await start();
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
      lastWebhookAt: new Date(1_700_000_000_000).toISOString(),
      lastUserAgent: 'BililiveRecorder/2.11.1',
      recorderVersion: '2.11.1',
    });
  });

  it('a journal failure → 500 and the retry is accepted', async () => {
    const t = await start();
    t.journal.failNext = true;
    expect((await postWebhook(t.webhookUrl, STREAM_STARTED)).status).toBe(500);
    expect((await postWebhook(t.webhookUrl, STREAM_STARTED)).status).toBe(204);
    expect(t.journal.entries).toHaveLength(1);
  });

  it('Chinese and emoji survive a body sent without charset', async () => {
    const t = await start();
    const body = JSON.parse(STREAM_STARTED);
    body.EventData.Title = '深夜歌回🎤【点歌】';
    await postWebhook(t.webhookUrl, Buffer.from(JSON.stringify(body), 'utf8'));
    await t.settle();
    const accepted = t.accepted[0]?.webhook;
    expect(accepted?.type === 'StreamStarted' && accepted.data.Title).toBe('深夜歌回🎤【点歌】');
  });
});

describe('webhook listener: the work after the answer', () => {
  it('runs in answer order, once per burst, and one failure does not stop the others', async () => {
    const journal = new MemoryJournal();
    const intake = new WebhookIntake(journal, () => 1_700_000_000_000);
    const log = memoryLogger();
    const seen: string[] = [];
    server = new WebhookServer({
      intake,
      onAccepted: ({ webhook }) => {
        seen.push(webhook.id);
        if (seen.length === 2) throw new Error('boom');
      },
      onDuplicate: ({ webhook }) => seen.push(`again ${webhook.id}`),
      version: '1',
      startedAt: 0,
      clock: () => 1_700_000_000_000,
      log,
    });
    const { webhookUrl } = await server.start({ host: '127.0.0.1', port: 0, token: '' });
    const bodies = [1, 2, 3].map((n) =>
      JSON.stringify({
        ...JSON.parse(STREAM_STARTED),
        EventId: `00000000-0000-4000-8000-00000000000${n}`,
      }),
    );
    const statuses = await Promise.all(
      [...bodies, bodies[0]!].map(async (b) => (await postWebhook(webhookUrl, b)).status),
    );
    expect(statuses).toEqual([204, 204, 204, 204]);
    await vi.waitFor(() => expect(seen).toHaveLength(4));
    expect(seen.filter((s) => !s.startsWith('again'))).toEqual(
      journal.entries.map((e) => (e.body as { EventId: string }).EventId),
    );
    expect(seen.filter((s) => s.startsWith('again'))).toEqual([
      'again 00000000-0000-4000-8000-000000000001',
    ]);
    expect(log.lines).toEqual([expect.stringMatching(/^error after answering a webhook: .*boom/)]);
  });
});

describe('webhook listener: binding', () => {
  it('refuses a non-loopback address without a token, with a clear message', async () => {
    const journal = new MemoryJournal();
    const s = new WebhookServer({
      intake: new WebhookIntake(journal, Date.now),
      onAccepted: () => {},
      version: '1',
      startedAt: 0,
      clock: Date.now,
      log: memoryLogger(),
    });
    await expect(s.start({ host: '0.0.0.0', port: 0, token: '' })).rejects.toThrow(UnsafeBindError);
    await expect(s.start({ host: '0.0.0.0', port: 0, token: '' })).rejects.toThrow(
      /without a token/,
    );
  });

  it('moves to a new port on restart and keeps answering', async () => {
    const t = await start();
    const moved = await server!.restart({ host: '127.0.0.1', port: 0, token: 'new' });
    expect(moved.port).not.toBe(t.port);
    expect((await postWebhook(moved.webhookUrl, STREAM_STARTED)).status).toBe(204);
    await expect(rawRequest(`${t.base}/health`)).rejects.toThrow();
  });
});

describe('webhook listener: tokens in the URL', () => {
  it('a token the URL percent-encodes still matches (settings restrict tokens, but old files may hold any)', async () => {
    const t = await start('a b');
    expect(t.webhookUrl).toMatch(/\/webhook\/a%20b$/);
    expect((await postWebhook(t.webhookUrl, STREAM_STARTED)).status).toBe(204);
    expect((await postWebhook(`${t.base}/webhook/a%2`, STREAM_STARTED)).status).toBe(404);
  });
});
