import { afterEach, describe, expect, it, vi } from 'vitest';
import { startApp, stopApps } from '../../fakes/app-harness';
import { fixtureText } from '../../helpers/fixtures';
import { postWebhook } from '../../helpers/http';

afterEach(stopApps);

describe('history handlers', () => {
  it('history:markRead clears the unread count; eventLog:replay shows the event again', async () => {
    const h = await startApp({ settings: { notifications: { groupWindowSeconds: 0 } } });
    await postWebhook(h.webhookUrl, fixtureText('synthesized/webhook-v2-StreamStarted.json'));
    await vi.waitFor(() => expect(h.app.state().unreadCount).toBe(1));
    expect(await h.app.handlers['history:markRead']({})).toEqual({ unreadCount: 0 });
    const [event] = (await h.app.handlers['eventLog:page']({ limit: 50, offset: 0 })).items;
    expect(await h.app.handlers['eventLog:replay']({ entryId: event!.entryId })).toEqual({
      ok: true,
    });
    await vi.waitFor(() => expect(h.app.state().unreadCount).toBe(1));
    await vi.waitFor(() => expect(h.shown).toHaveLength(2));
    expect(await h.app.handlers['eventLog:replay']({ entryId: 999_999 })).toEqual({
      ok: false,
      message: 'That event is no longer in the log.',
    });
  });
});
