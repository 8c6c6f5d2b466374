import { afterEach, describe, expect, it } from 'vitest';
import { startApp, stopApps } from '../../fakes/app-harness';
import { oneRecorder } from '../../fakes/recorder-settings';

afterEach(stopApps);

describe('settings:update applies the settings rules before saving', () => {
  it('refuses a non-loopback host without a token with the reason, and saves nothing', async () => {
    const h = await startApp();
    const before = h.store.get();
    const answer = await h.app.handlers['settings:update']({
      listener: { host: '0.0.0.0', port: 70_000 },
    });
    expect(answer).toMatchObject({
      ok: false,
      errors: [
        expect.stringMatching(/^listener\.port: /),
        expect.stringMatching(/^listener\.token: /),
      ],
    });
    expect(h.store.get()).toEqual(before);
  });

  it('saves a recorder address typed without a scheme with http://', async () => {
    const h = await startApp();
    const answer = await h.app.handlers['settings:update'](oneRecorder({ url: '127.0.0.1:2356' }));
    expect(answer.ok && answer.settings.recorders[0]?.url).toBe('http://127.0.0.1:2356');
    expect(h.store.get().recorders[0]?.url).toBe('http://127.0.0.1:2356');
  });
});
