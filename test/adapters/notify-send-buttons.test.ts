import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  createNotifySendNotifier,
  findOnPath,
  notifySendArgs,
} from '../../main/adapters/notify-send';
import { daemonShowsButtons } from '../../main/adapters/notify-send-buttons';
import {
  startNotificationSession,
  type NotificationSession,
} from '../helpers/notification-session';
import { requireTool } from '../helpers/require-tool';

const run = promisify(execFile);
const buttons = [
  { id: 'record', label: 'Record this stream' },
  { id: 'openRoom', label: 'Open live room' },
  { id: 'mute', label: 'Mute 1 h' },
];

describe('notifySendArgs with buttons', () => {
  test('one --action per button, before `--`', () => {
    expect(
      notifySendArgs({ title: 't', body: 'b', buttons: buttons.slice(0, 2), onButton: () => {} }),
    ).toEqual([
      '--app-name=Recorder Tray',
      '--urgency=normal',
      '--expire-time=10000',
      '--action=record=Record this stream',
      '--action=openRoom=Open live room',
      '--',
      't',
      'b',
    ]);
  });
});

describe('a notify-send with buttons that fails', () => {
  test('resolves false with a warning, and no button comes back', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'notify-fail-'));
    const failing = path.join(dir, 'notify-send');
    await writeFile(failing, '#!/bin/sh\necho "Cannot connect to the bus" >&2\nexit 1\n');
    await chmod(failing, 0o755);
    const warnings: string[] = [];
    const onButton = vi.fn();
    const notifier = createNotifySendNotifier({
      command: failing,
      env: {},
      showsButtons: async () => true,
      onWarning: (w) => warnings.push(w),
    });
    expect(await notifier.show({ title: 'a', body: 'b', buttons, onButton })).toBe(false);
    expect(warnings).toEqual(['notify-send: exit 1 (Cannot connect to the bus)']);
    expect(onButton).not.toHaveBeenCalled();
    await rm(dir, { recursive: true, force: true });
  });
});

// A real X server, session bus and dunst; dunst's context menu picks a button through a stand-in
// dmenu (`dunstctl context`), as a user would from the popup's menu.
describe('notify-send buttons under a real notification daemon (dunst)', () => {
  let session: NotificationSession;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'notify-buttons-'));
    const dmenu = path.join(dir, 'pick-record.sh');
    // dunst lists each button as `#<label> (<summary>) [<id>,<key>]` (src/menu.c).
    await writeFile(dmenu, '#!/bin/sh\ngrep -m1 "^#Record this stream"\n');
    await chmod(dmenu, 0o755);
    requireTool('dunstctl');
    session = await startNotificationSession({ dmenu });
  }, 60_000);
  afterAll(async () => {
    await session?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('the daemon advertises the "actions" capability', async () => {
    const env = { ...process.env, ...session.env };
    expect(await daemonShowsButtons(env, (tool) => findOnPath(tool, env))).toBe(true);
  });

  test('a popup with buttons is shown at once, and a pressed button comes back by id', async () => {
    const warnings: string[] = [];
    const onButton = vi.fn();
    const notifier = createNotifySendNotifier({
      env: { ...process.env, ...session.env },
      expireMs: 0, // stays until acted on
      onWarning: (w) => warnings.push(w),
    });
    // Resolves although the popup waits for a click: show() does not hold on to it.
    expect(
      await notifier.show({
        title: '3号直播间 开播了',
        body: '哔哩哔哩音悦台',
        buttons,
        onButton,
      }),
    ).toBe(true);
    const strings = await session.notifyStrings();
    expect(strings).toEqual(
      expect.arrayContaining(['record', 'Record this stream', 'openRoom', 'mute', 'Mute 1 h']),
    );
    // The queue is not held by the waiting popup: a second popup goes out meanwhile.
    expect(await notifier.show({ title: 'second', body: 'plain' })).toBe(true);

    await run('dunstctl', ['context'], { env: { ...process.env, ...session.env } });
    await vi.waitFor(() => expect(onButton).toHaveBeenCalledWith('record'), { timeout: 10_000 });
    expect(onButton).toHaveBeenCalledTimes(1);
    expect(warnings).toEqual([]);
  });

  test('without the capability the popup goes out plain, and nothing waits', async () => {
    const onButton = vi.fn();
    const notifier = createNotifySendNotifier({
      env: { ...process.env, ...session.env },
      showsButtons: async () => false,
    });
    const before = session.monitorOutput().length;
    expect(await notifier.show({ title: 'plain', body: 'no buttons', buttons, onButton })).toBe(
      true,
    );
    await vi.waitFor(() => expect(session.monitorOutput().slice(before)).toContain('no buttons'));
    expect(session.monitorOutput().slice(before)).not.toContain('Record this stream');
  });
});
