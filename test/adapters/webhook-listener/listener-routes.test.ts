import { afterEach, describe, expect, it } from 'vitest';
import { fixtureText } from '../../helpers/fixtures';
import { postWebhook, rawRequest } from '../../helpers/http';
import { LISTENER_NOW, startListener, stopListeners } from '../../helpers/webhook-listener';

const STREAM_STARTED = fixtureText('synthesized/webhook-v2-StreamStarted.json');

afterEach(stopListeners);

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
