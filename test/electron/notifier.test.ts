import { describe, expect, it } from 'vitest';
import { notificationOptions } from '../../main/electron/notifier';
import { goLiveNotification, notifierHarness } from '../fakes/notifier-harness';

const notification = goLiveNotification;
const setup = (supported = true) => notifierHarness({ isSupported: () => supported }, true);

describe('notificationOptions', () => {
  it('passes title and body as given, not silent, grouped per room', () => {
    expect(notificationOptions(notification())).toEqual({
      title: '3号直播间 is live',
      body: '哔哩哔哩音悦台 · 生活 / 影音馆',
      silent: false,
      id: 'n-1',
      groupId: 'room-23058',
    });
  });

  it("follows the tier's sound: silent, or a named sound (macOS), never both", () => {
    expect(notificationOptions(notification({ silent: true })).silent).toBe(true);
    const named = notificationOptions(notification({ sound: 'Glass' }));
    expect(named).toMatchObject({ silent: false, sound: 'Glass' });
    expect('sound' in notificationOptions(notification({ silent: true, sound: 'Glass' }))).toBe(
      false,
    );
  });

  it('uses the tag as group, and no group for a summary of several rooms', () => {
    expect(notificationOptions(notification({ tag: 'live-23058' })).groupId).toBe('live-23058');
    expect('groupId' in notificationOptions(notification({ roomIds: [1, 2] }))).toBe(false);
    expect('id' in notificationOptions(notification({ id: 'x'.repeat(65) }))).toBe(false);
  });

  it("shows the streamer's cached avatar as the icon, else the app's", () => {
    const face = '/data/pictures/0123456789abcdef0123456789abcdef01234567.png';
    const withFace = notification({
      pictures: { face: { url: 'https://i0.hdslb.com/bfs/face/a.png', path: face } },
    });
    expect(notificationOptions(withFace, '/app/icon.png').icon).toBe(face);
    const notCached = notification({
      pictures: { face: { url: 'https://i0.hdslb.com/bfs/face/a.png' } },
    });
    expect(notificationOptions(notCached, '/app/icon.png').icon).toBe('/app/icon.png');
    expect('icon' in notificationOptions(notCached)).toBe(false);
  });
});

describe('Notifier', () => {
  it('shows a popup and runs its action on click', () => {
    const { notifier, popups, ran } = setup();
    expect(notifier.show(notification())).toBe(true);
    expect(popups[0]?.shown).toBe(true);
    popups[0]?.click();
    expect(ran).toEqual([{ kind: 'openUrl', url: 'https://live.bilibili.com/23058' }]);
  });

  it('opens the window for a popup without action', () => {
    const { notifier, popups, ran } = setup();
    notifier.show(notification({ action: undefined }));
    popups[0]?.click();
    expect(ran).toEqual([{ kind: 'openWindow' }]);
  });

  it('shows nothing where notifications are unsupported', () => {
    const { notifier, popups, log } = setup(false);
    expect(notifier.show(notification())).toBe(false);
    expect(popups).toEqual([]);
    expect(log.lines[0]).toMatch(/^warn notifier: notifications are not supported/);
  });

  it('opens the window for an Action Center click that no live popup took', () => {
    const { notifier, ran, deferred } = setup();
    notifier.handleActivation({ type: 'click' });
    deferred.forEach((task) => task());
    expect(ran).toEqual([{ kind: 'openWindow' }]);
  });

  it('does not act twice when the live popup took the click', () => {
    const { notifier, popups, ran, deferred } = setup();
    notifier.show(notification());
    notifier.handleActivation({ type: 'click' });
    popups[0]?.click();
    deferred.forEach((task) => task());
    expect(ran).toEqual([{ kind: 'openUrl', url: 'https://live.bilibili.com/23058' }]);
    notifier.handleActivation({ type: 'reply' });
    expect(deferred).toHaveLength(1);
  });

  it('logs an action that fails', async () => {
    const { notifier, popups, log } = notifierHarness({
      runAction: async () => {
        throw new Error('refused');
      },
    });
    notifier.show(notification());
    popups[0]?.click();
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.lines).toEqual(['error notifier: action failed: Error: refused']);
  });
});
