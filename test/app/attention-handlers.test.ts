import { afterEach, describe, expect, it, vi } from 'vitest';
import { startApp, stopApps } from '../fakes/app-harness';
import { postWebhook } from '../helpers/http';
import { v2 } from '../helpers/recorder-events';

afterEach(stopApps);

const ALL = { limit: 50, offset: 0 };
const goLive = (roomId: number) =>
  JSON.stringify(
    v2(
      'StreamStarted',
      { roomId, name: `主播${roomId}` },
      0,
      {},
      { streaming: true, recording: false },
    ),
  );

describe('tiers and quiet time through the contract', () => {
  it('the popup\'s "★" makes the room a favourite; its next popup has no "★"', async () => {
    const h = await startApp({ settings: { notifications: { groupWindowSeconds: 0 } } });
    await postWebhook(h.webhookUrl, goLive(5));
    await vi.waitFor(() => expect(h.shown).toHaveLength(1));
    expect(h.shown[0]!.buttons).toContain('favourite');
    const answer = await h.app.handlers['notification:act']({
      id: h.shown[0]!.id,
      button: 'favourite',
    });
    expect(answer).toEqual({ ok: true, message: 'room 5 is now a favourite.' });
    expect(h.store.get().notifications.favourites).toEqual([5]);
    const list = await h.app.handlers['history:notifications'](ALL);
    expect(list.items[0]!.read).toBe(true); // acting on it read it
  });

  it('room:setTier moves a room between the lists; a quiet room is recorded, not shown', async () => {
    const h = await startApp({
      settings: { notifications: { groupWindowSeconds: 0, favourites: [6] } },
    });
    const quiet = await h.app.handlers['room:setTier']({ roomId: 6, tier: 'quiet' });
    expect(quiet.ok).toBe(true);
    expect(h.store.get().notifications).toMatchObject({ favourites: [], quietRooms: [6] });
    await postWebhook(h.webhookUrl, goLive(6));
    await vi.waitFor(async () => {
      const list = await h.app.handlers['history:notifications'](ALL);
      expect(list.items.map((e) => e.decision)).toEqual([{ shown: false, reason: 'quietRoom' }]);
    });
    expect(h.shown).toEqual([]);
    await h.app.handlers['room:setTier']({ roomId: 6, tier: 'normal' });
    expect(h.store.get().notifications).toMatchObject({ favourites: [], quietRooms: [] });
  });

  it('"quiet until" holds popups now, and "off" ends it', async () => {
    const h = await startApp({ settings: { notifications: { groupWindowSeconds: 0 } } });
    const { quietUntil } = await h.app.handlers['notifications:quietUntil']({ until: 'hour' });
    expect(quietUntil).toBeGreaterThan(Date.now());
    await postWebhook(h.webhookUrl, goLive(7));
    await vi.waitFor(async () => {
      const list = await h.app.handlers['history:notifications'](ALL);
      expect(list.items.map((e) => e.decision)).toEqual([{ shown: false, reason: 'held' }]);
    });
    expect(await h.app.handlers['notifications:quietUntil']({ until: 'off' })).toEqual({
      quietUntil: null,
    });
    expect(h.store.get().notifications.quietUntil).toBeNull();
  });
});

describe("a digest's click", () => {
  it('opens the window and tells it to show the Notifications view over the span', async () => {
    const h = await startApp();
    const events: unknown[] = [];
    h.app.subscribe((message) => {
      if (message.event === 'window:show') events.push(message.payload);
    });
    const span = { from: 1000, to: 2000 };
    expect(await h.app.runAction({ kind: 'openWindow', span })).toBe(true);
    expect(h.opened).toEqual(['window']);
    expect(events).toEqual([{ view: 'notifications', span }]);
    await h.app.runAction({ kind: 'openWindow' }); // a plain click: only the window
    expect(events).toHaveLength(1);
  });
});
