import { afterEach, describe, expect, it } from 'vitest';
import { startApp, stopApps } from '../../fakes/app-harness';

afterEach(stopApps);

describe('recorder handlers', () => {
  it('link:open builds the URL itself: a live room opens, recorder pages need a recorder URL', async () => {
    const h = await startApp();
    expect(await h.app.handlers['link:open']({ kind: 'liveRoom', roomId: 23058 })).toEqual({
      ok: true,
    });
    expect(await h.app.handlers['link:open']({ kind: 'recorderUi' })).toEqual({
      ok: false,
      message: 'No recorder URL is set.',
    });
    expect(h.opened).toEqual(['url https://live.bilibili.com/23058']);
  });

  it('recorder:check without a recorder URL says webhooks only', async () => {
    const h = await startApp();
    expect(await h.app.handlers['recorder:check'](undefined)).toEqual({
      status: 'off',
      message: 'No recorder URL: webhooks only.',
      version: null,
      webhooks: 'unknown',
    });
  });
});
