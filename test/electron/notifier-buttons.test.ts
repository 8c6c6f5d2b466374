import { describe, expect, it } from 'vitest';
import { notificationOptions, Notifier } from '../../main/electron/notifier';
import { POPUP_BUTTON_LABELS } from '../../shared/i18n/room-commands';
import type { AppNotification, NotificationAction } from '../../shared/model';
import type { PopupButton } from '../../shared/popup-button';
import { FakeNotification } from '../fakes/fake-electron';
import { memoryLogger } from '../fakes/silent-logger';

const goLive: AppNotification = {
  id: 'n-7',
  event: 'StreamStarted',
  roomIds: [23058],
  title: '3号直播间 开播了',
  body: '哔哩哔哩音悦台',
  action: { kind: 'openUrl', url: 'https://live.bilibili.com/23058' },
  createdAt: 1,
  buttons: ['record', 'openRoom', 'mute'],
};

function setup(withButtons: boolean) {
  const popups: FakeNotification[] = [];
  const ran: NotificationAction[] = [];
  const pressed: [string, PopupButton][] = [];
  const deferred: (() => void)[] = [];
  const notifier = new Notifier({
    createNotification: (options) => {
      const popup = new FakeNotification(options as Record<string, unknown>);
      popups.push(popup);
      return popup;
    },
    isSupported: () => true,
    runAction: (action) => ran.push(action),
    log: memoryLogger(),
    defer: (task) => deferred.push(task),
    ...(withButtons
      ? {
          runButton: (n: AppNotification, button: PopupButton) => pressed.push([n.id, button]),
          buttonLabel: (button: PopupButton) => POPUP_BUTTON_LABELS['zh-CN'][button],
        }
      : {}),
  });
  return { notifier, popups, ran, pressed, deferred };
}

describe('popup buttons through Electron notification actions (macOS, Windows)', () => {
  it('adds one button action per button, labelled in the user’s language', () => {
    expect(
      notificationOptions(goLive, undefined, (b) => POPUP_BUTTON_LABELS.en[b]).actions,
    ).toEqual([
      { type: 'button', text: 'Record this stream' },
      { type: 'button', text: 'Open live room' },
      { type: 'button', text: 'Mute 1 h' },
    ]);
    expect('actions' in notificationOptions(goLive)).toBe(false);
    expect('actions' in notificationOptions({ ...goLive, buttons: [] }, undefined, () => 'x')).toBe(
      false,
    );
  });

  it('runs the pressed button by its index, and the click still runs the click action', () => {
    const { notifier, popups, ran, pressed } = setup(true);
    notifier.show(goLive);
    expect(popups[0]?.options.actions).toEqual([
      { type: 'button', text: '录这场' },
      { type: 'button', text: '打开直播间' },
      { type: 'button', text: '静音 1 小时' },
    ]);
    popups[0]?.emit('action', { actionIndex: 0 });
    expect(pressed).toEqual([['n-7', 'record']]);
    notifier.show(goLive);
    popups[1]?.click();
    expect(ran).toEqual([{ kind: 'openUrl', url: 'https://live.bilibili.com/23058' }]);
    popups[1]?.emit('action', { actionIndex: 9 }); // an index it never had: nothing
    expect(pressed).toHaveLength(1);
  });

  it('a pressed button keeps the activation fallback from opening the window too', () => {
    const { notifier, popups, ran, pressed, deferred } = setup(true);
    notifier.show(goLive);
    notifier.handleActivation({ type: 'action' });
    popups[0]?.emit('action', { actionIndex: 2 });
    deferred.forEach((task) => task());
    expect(pressed).toEqual([['n-7', 'mute']]);
    expect(ran).toEqual([]);
  });

  it('a button of a toast whose object is gone opens the window', () => {
    const { notifier, ran, deferred } = setup(true);
    notifier.handleActivation({ type: 'action' });
    deferred.forEach((task) => task());
    expect(ran).toEqual([{ kind: 'openWindow' }]);
  });

  it('without runButton (Linux: Electron has no actions there) the popup has no buttons', () => {
    const { notifier, popups } = setup(false);
    notifier.show(goLive);
    expect(popups[0]?.options.actions).toBeUndefined();
  });
});
