import { afterEach, describe, expect, it, vi } from 'vitest';
import type { KeptDelivery, JournalPort } from '../../../main/core/ports';
import { fixtureText } from '../../helpers/fixtures';
import { postWebhook, rawRequest } from '../../helpers/http';
import { LISTENER_NOW, startListener, stopListeners } from '../../helpers/webhook-listener';

const STREAM_STARTED = fixtureText('synthesized/webhook-v2-StreamStarted.json');
const V1 = fixtureText('synthesized/webhook-v1-RecordEnd.json');

afterEach(async () => {
  await stopListeners();
});

/** The StreamStarted fixture under another EventId. */
function withEventId(n: number): string {
  return JSON.stringify({
    ...JSON.parse(STREAM_STARTED),
    EventId: `00000000-0000-4000-8000-00000000000${n}`,
  });
}

const eventIdOf = (entry: KeptDelivery) => (entry.body as { EventId: string }).EventId;

describe('webhook handler: the answer table', () => {
  it('valid V2 of a known type → 204 once journaled; processed only after the answer was sent', async () => {
    const endedWhenProcessed: boolean[] = [];
    const t = await startListener({
      onAccepted: (result) => {
        t.accepted.push(result);
        endedWhenProcessed.push(t.responses.every((r) => r.writableEnded && r.statusCode === 204));
      },
    });
    const res = await postWebhook(t.webhookUrl, STREAM_STARTED);
    expect(res.status).toBe(204);
    expect(await t.journalEntries()).toMatchObject([{ seq: 1, source: 'webhook' }]);
    await vi.waitFor(() => expect(t.accepted).toHaveLength(1));
    expect(t.accepted.map((a) => a.webhook.type)).toEqual(['StreamStarted']);
    expect(endedWhenProcessed).toEqual([true]);
  });

  it('valid V2 with an unknown EventType → 204, kept in the journal', async () => {
    const t = await startListener();
    const body = JSON.stringify({ ...JSON.parse(STREAM_STARTED), EventType: 'SomethingNew' });
    expect((await postWebhook(t.webhookUrl, body)).status).toBe(204);
    expect(await t.journalEntries()).toHaveLength(1);
    await vi.waitFor(() => expect(t.accepted[0]?.webhook.type).toBe('unknown'));
  });

  it('a duplicate EventId → 204 and nothing repeated', async () => {
    const t = await startListener();
    for (let i = 0; i < 3; i++)
      expect((await postWebhook(t.webhookUrl, STREAM_STARTED)).status).toBe(204);
    await vi.waitFor(() => expect(t.intake.counters.duplicates).toBe(2));
    expect(await t.journalEntries()).toHaveLength(1);
    expect(t.accepted).toHaveLength(1);
  });

  it('simultaneous deliveries of one event (a URL listed twice) → one accepted', async () => {
    const t = await startListener();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postWebhook(t.webhookUrl, STREAM_STARTED)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(204));
    await vi.waitFor(() => expect(t.accepted).toHaveLength(1));
    expect(await t.journalEntries()).toHaveLength(1);
    expect(t.intake.counters.duplicates).toBe(7);
  });

  it('valid V1 → 204, processed as a finished file; a V1 retry is a duplicate', async () => {
    const t = await startListener();
    expect((await postWebhook(t.webhookUrl, V1)).status).toBe(204);
    expect((await postWebhook(t.webhookUrl, V1)).status).toBe(204);
    await vi.waitFor(() => expect(t.intake.counters.duplicates).toBe(1));
    expect(t.accepted.map((a) => a.webhook.type)).toEqual(['FileClosedV1']);
  });

  it('malformed JSON → 400 with a JSON error', async () => {
    const t = await startListener();
    const res = await postWebhook(t.webhookUrl, '{"EventType": ');
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.stringMatching(/malformed JSON/) });
  });

  it('invalid UTF-8 → 400', async () => {
    const t = await startListener();
    const res = await postWebhook(t.webhookUrl, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({ error: 'body is not valid UTF-8' });
    // Cut in the middle of a character (一 is E4 B8 80).
    const cut = Buffer.concat([Buffer.from('{"Name":"'), Buffer.from('一').subarray(0, 2)]);
    expect((await postWebhook(t.webhookUrl, cut)).status).toBe(400);
  });

  it('a UTF-8 byte order mark before the JSON (a script that wrote the body with one) → 204', async () => {
    const t = await startListener();
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(STREAM_STARTED)]);
    expect((await postWebhook(t.webhookUrl, body)).status).toBe(204);
    expect(await t.journalEntries()).toEqual([
      {
        seq: 1,
        receivedAt: LISTENER_NOW,
        source: 'webhook',
        recorderId: 'default', // the plain /webhook URL is the first recorder's
        userAgent: 'BililiveRecorder/2.11.1',
        body: JSON.parse(STREAM_STARTED),
      },
    ]);
    expect(await t.journalText()).not.toContain('\ufeff');
  });

  it('JSON that is neither V1 nor V2 → 422 with path: message reasons', async () => {
    const t = await startListener();
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
    expect(await t.journalText()).toBe('');
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=gbk'])(
    'Content-Type %s → 415',
    async (type) => {
      const t = await startListener();
      expect(
        (await postWebhook(t.webhookUrl, STREAM_STARTED, { 'Content-Type': type })).status,
      ).toBe(415);
    },
  );

  it('Content-Type with charset=utf-8 is accepted too', async () => {
    const t = await startListener();
    const res = await postWebhook(t.webhookUrl, STREAM_STARTED, {
      'Content-Type': 'application/json; charset=UTF-8',
    });
    expect(res.status).toBe(204);
  });

  it('a body over 1 MiB → 413', async () => {
    const t = await startListener();
    const body = JSON.stringify({
      ...JSON.parse(STREAM_STARTED),
      Padding: 'x'.repeat(1024 * 1024),
    });
    expect((await postWebhook(t.webhookUrl, body)).status).toBe(413);
    expect(await t.journalText()).toBe('');
  });

  it('token configured: bare path, wrong token and a token prefix → 404; right token → 204', async () => {
    const t = await startListener({ token: 's3cret-Token' });
    expect(t.webhookUrl).toBe(`http://127.0.0.1:${t.port}/webhook/s3cret-Token`);
    expect((await postWebhook(`${t.base}/webhook`, STREAM_STARTED)).status).toBe(404);
    expect((await postWebhook(`${t.base}/webhook/wrong`, STREAM_STARTED)).status).toBe(404);
    expect((await postWebhook(`${t.base}/webhook/s3cret`, STREAM_STARTED)).status).toBe(404);
    expect((await postWebhook(`${t.base}/webhook/s3cret-Token`, STREAM_STARTED)).status).toBe(204);
  });

  it('a token the URL percent-encodes still matches (settings restrict tokens, but old files may hold any)', async () => {
    const t = await startListener({ token: 'a b' });
    expect(t.webhookUrl).toMatch(/\/webhook\/a%20b$/);
    expect((await postWebhook(t.webhookUrl, STREAM_STARTED)).status).toBe(204);
    expect((await postWebhook(`${t.base}/webhook/a%2`, STREAM_STARTED)).status).toBe(404);
  });

  it('any Origin header → 403 (the recorder never sends one)', async () => {
    const t = await startListener();
    const res = await postWebhook(t.webhookUrl, STREAM_STARTED, {
      Origin: 'http://127.0.0.1:8080',
    });
    expect(res.status).toBe(403);
    expect(await t.journalText()).toBe('');
  });

  it('without a token, a Host that is a DNS name → 403 (DNS rebinding); IP literals and localhost pass', async () => {
    const t = await startListener();
    expect(
      (await postWebhook(t.webhookUrl, STREAM_STARTED, { Host: 'evil.example.com' })).status,
    ).toBe(403);
    expect(
      (await postWebhook(t.webhookUrl, STREAM_STARTED, { Host: `localhost:${t.port}` })).status,
    ).toBe(204);
  });

  it('with a token, a DNS Host is fine (LAN set-ups use names)', async () => {
    const t = await startListener({ token: 'tok' });
    expect((await postWebhook(t.webhookUrl, STREAM_STARTED, { Host: 'desktop.lan' })).status).toBe(
      204,
    );
  });

  it.each(['GET', 'PUT', 'DELETE'])(
    '%s on the webhook path → 405 with Allow: POST',
    async (method) => {
      const t = await startListener();
      const res = await rawRequest(t.webhookUrl, { method });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('POST');
    },
  );

  it('Chinese and emoji survive a body sent without charset', async () => {
    const t = await startListener();
    const body = JSON.parse(STREAM_STARTED);
    body.EventData.Title = '深夜歌回🎤【点歌】';
    await postWebhook(t.webhookUrl, Buffer.from(JSON.stringify(body), 'utf8'));
    await vi.waitFor(() => expect(t.accepted).toHaveLength(1));
    const accepted = t.accepted[0]?.webhook;
    expect(accepted?.type === 'StreamStarted' && accepted.data.Title).toBe('深夜歌回🎤【点歌】');
    const [entry] = await t.journalEntries();
    expect((entry?.body as { EventData: { Title: string } }).EventData.Title).toBe(
      '深夜歌回🎤【点歌】',
    );
  });
});

describe('webhook handler: a journal write that fails', () => {
  it('a commit the disk refuses → 500, nothing kept; the identical retry → 204, journaled once', async () => {
    // The commit fails as a full disk fails it (SQLITE_FULL); the real full disk, on a tmpfs, is
    // in test/adapters/disk-trouble.test.ts.
    let full = false;
    const t = await startListener({
      wrapJournal: (journal) => ({
        append: (entry, id, bytes) =>
          full
            ? Promise.reject(
                Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
              )
            : journal.append(entry, id, bytes),
      }),
    });
    expect((await postWebhook(t.webhookUrl, withEventId(1))).status).toBe(204);
    const before = await t.journalText();

    full = true;
    const failed = await postWebhook(t.webhookUrl, withEventId(2));
    expect(failed.status).toBe(500);
    expect(failed.json()).toEqual({ error: 'could not store the event; the recorder will retry' });
    expect(await t.journalText()).toBe(before);
    expect(t.log.lines).toEqual([expect.stringMatching(/^error journal write failed: .*full/)]);

    full = false;
    expect((await postWebhook(t.webhookUrl, withEventId(2))).status).toBe(204);
    const entries = await t.journalEntries();
    expect(entries.map(eventIdOf)).toEqual([
      '00000000-0000-4000-8000-000000000001',
      '00000000-0000-4000-8000-000000000002',
    ]);
    expect(t.intake.counters.duplicates).toBe(0);
    await vi.waitFor(() => expect(t.accepted).toHaveLength(2));
  });
});

describe('webhook handler: the work after the answer', () => {
  it('runs in answer order, once per burst (one turn of the event loop), and one failure does not stop the others', async () => {
    // The journal's appends are held until the whole burst has reached it, so that all of it is
    // written, and answered, in one turn.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let appends = 0;
    const hold = (journal: JournalPort): JournalPort => ({
      append: async (entry, id, bodyBytes) => {
        appends += 1;
        await held;
        return journal.append(entry, id, bodyBytes);
      },
    });
    // The turn each callback runs in: a microtask runs between two callbacks only if they were
    // not called in one go.
    let turn = 0;
    let turnEnding = false;
    const currentTurn = () => {
      if (!turnEnding) {
        turnEnding = true;
        queueMicrotask(() => {
          turn += 1;
          turnEnding = false;
        });
      }
      return turn;
    };
    const seen: { id: string; turn: number }[] = [];
    const t = await startListener({
      wrapJournal: hold,
      onAccepted: ({ webhook }) => {
        seen.push({ id: webhook.id, turn: currentTurn() });
        if (seen.filter((s) => !s.id.startsWith('again')).length === 2) throw new Error('boom');
      },
      onDuplicate: ({ webhook }) => seen.push({ id: `again ${webhook.id}`, turn: currentTurn() }),
    });
    const bodies = [1, 2, 3].map(withEventId);
    const statuses = Promise.all(
      [...bodies, bodies[0]!].map(async (b) => (await postWebhook(t.webhookUrl, b)).status),
    );
    await vi.waitFor(() => {
      expect(appends).toBe(3);
      expect(t.intake.counters.duplicates + t.intake.counters.accepted).toBe(0);
      expect(t.intake.counters.received).toBe(4);
    });
    release();
    expect(await statuses).toEqual([204, 204, 204, 204]);
    await vi.waitFor(() => expect(seen).toHaveLength(4));

    const journaled = (await t.journalEntries()).map(eventIdOf);
    expect(journaled.toSorted()).toEqual(bodies.map((b) => JSON.parse(b).EventId));
    const ids = seen.map((s) => s.id);
    expect(ids.filter((id) => !id.startsWith('again'))).toEqual(journaled);
    expect(ids.filter((id) => id.startsWith('again'))).toEqual([
      'again 00000000-0000-4000-8000-000000000001',
    ]);
    expect(new Set(seen.map((s) => s.turn)).size).toBe(1);
    expect(t.log.lines).toEqual([
      expect.stringMatching(/^error after answering a webhook: .*boom/),
    ]);
  });
});
