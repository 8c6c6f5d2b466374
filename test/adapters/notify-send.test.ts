import { chmod, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  createNotifySendNotifier,
  findOnPath,
  notifySendArgs,
  pictureArgs,
} from '../../main/adapters/notify-send';
import {
  startNotificationSession,
  type NotificationSession,
} from '../helpers/notification-session';
import { pngImage } from '../fakes/bilibili/png';

let base: string;
beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'notify-send-'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe('notifySendArgs', () => {
  test('a silent popup carries the spec\'s suppress-sound hint, before the "--"', () => {
    const args = notifySendArgs({ title: 't', body: 'b', silent: true });
    expect(args.indexOf('--hint=boolean:suppress-sound:true')).toBeLessThan(args.indexOf('--'));
    expect(notifySendArgs({ title: 't', body: 'b' })).not.toContain(
      '--hint=boolean:suppress-sound:true',
    );
  });

  test('options, then `--`, then title and body as separate entries', () => {
    expect(notifySendArgs({ title: '-3号直播间 开播了', body: 'a & <b>b</b>' })).toEqual([
      '--app-name=Recorder Tray',
      '--urgency=normal',
      '--expire-time=10000',
      '--',
      '-3号直播间 开播了',
      'a &amp; &lt;b&gt;b&lt;/b&gt;',
    ]);
  });

  test('control characters go, the body keeps its line breaks, long text is cut', () => {
    const [, , , , title, body] = notifySendArgs({
      title: `a\u0000b\nc${'长'.repeat(300)}`,
      body: `l1\r\nl2\u0007${'x'.repeat(2000)}`,
    });
    expect(title).toMatch(/^a b c长+…$/);
    expect(title).toHaveLength(200);
    expect(body?.startsWith('l1\nl2 x')).toBe(true);
    expect(body).toHaveLength(1000);
  });

  test('a cut never leaves half of an emoji', () => {
    const [, , , , title] = notifySendArgs({ title: `${'a'.repeat(198)}🎉🎉`, body: '' });
    expect(title).toBe(`${'a'.repeat(198)}…`);
  });
});

describe('createNotifySendNotifier with a stand-in program', () => {
  test('runs the program without a shell: metacharacters arrive as plain text', async () => {
    const bin = path.join(base, 'bin');
    const out = path.join(base, 'argv.bin');
    await mkdir(bin, { recursive: true });
    await writeFile(
      path.join(bin, 'notify-send'),
      '#!/bin/sh\nprintf \'%s\\0\' "$@" > "$ARGS_OUT"\n',
    );
    await chmod(path.join(bin, 'notify-send'), 0o755);
    const warnings: string[] = [];
    const notifier = createNotifySendNotifier({
      env: { PATH: bin, ARGS_OUT: out },
      onWarning: (w) => warnings.push(w),
    });
    const title = `$(touch ${path.join(base, 'pwned')}); \`id\` "x" 'y' | ;`;

    expect(await notifier.show({ title, body: 'body' })).toBe(true);
    const argv = (await readFile(out, 'utf8')).split('\0').slice(0, -1);
    expect(argv).toEqual(notifySendArgs({ title, body: 'body' }));
    expect(await readdir(base)).not.toContain('pwned');
    expect(warnings).toEqual([]);
  });

  test('not on PATH: reported once, every popup resolves false', async () => {
    const warnings: string[] = [];
    const notifier = createNotifySendNotifier({
      env: { PATH: path.join(base, 'empty') },
      onWarning: (w) => warnings.push(w),
    });
    expect(await notifier.show({ title: 'a', body: 'b' })).toBe(false);
    expect(await notifier.show({ title: 'c', body: 'd' })).toBe(false);
    expect(warnings).toEqual([
      'notify-send: not found on PATH, desktop popups are off (install libnotify-bin)',
    ]);
  });

  test('a failing program becomes a warning, not an exception', async () => {
    const failing = path.join(base, 'failing-notify-send');
    await writeFile(failing, '#!/bin/sh\necho "Cannot connect to the bus" >&2\nexit 1\n');
    await chmod(failing, 0o755);
    const warnings: string[] = [];
    const notifier = createNotifySendNotifier({
      command: failing,
      env: {},
      onWarning: (w) => warnings.push(w),
    });
    expect(await notifier.show({ title: 'a', body: 'b' })).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('Cannot connect to the bus');
  });

  test('findOnPath finds executables only', async () => {
    const dir = path.join(base, 'lookup');
    await mkdir(path.join(dir, 'notify-send-dir'), { recursive: true });
    await writeFile(path.join(dir, 'plain'), 'not executable');
    expect(await findOnPath('plain', { PATH: dir })).toBeUndefined();
    expect(await findOnPath('notify-send-dir', { PATH: dir })).toBeUndefined();
    expect(await findOnPath('sh', { PATH: `${dir}${path.delimiter}/bin` })).toBe('/bin/sh');
  });
});

// A real X server, session bus, notification daemon and bus monitor, all started (and stopped) here.
describe('notify-send under a real notification daemon', () => {
  let session: NotificationSession;
  beforeAll(async () => {
    session = await startNotificationSession();
  }, 60_000);
  afterAll(async () => {
    await session?.stop();
  });

  test('the Notify call reaches the session bus with our app name and a Chinese title', async () => {
    const warnings: string[] = [];
    const notifier = createNotifySendNotifier({
      env: { ...process.env, ...session.env },
      onWarning: (w) => warnings.push(w),
    });
    const title = '3号直播间 开播了 🎉';
    expect(await notifier.show({ title, body: '【歌回】深夜:点歌? · 电台 / 唱见电台' })).toBe(true);
    const strings = await session.notifyStrings();
    expect(strings.slice(0, 4)).toEqual([
      'Recorder Tray',
      '',
      title,
      '【歌回】深夜:点歌? · 电台 / 唱见电台',
    ]);
    expect(session.monitorOutput()).toMatch(/int32 10000/);
    expect(warnings).toEqual([]);
  });

  test("the avatar goes as the popup's icon and the cover as its image-path hint", async () => {
    const dir = path.join(base, 'pictures 图');
    await mkdir(dir, { recursive: true });
    const icon = path.join(dir, 'face.png');
    const image = path.join(dir, 'cover.png');
    await writeFile(icon, pngImage(8, 8, [200, 0, 0], [0, 0, 200]));
    await writeFile(image, pngImage(16, 9, [0, 200, 0], [0, 0, 200]));
    const notifier = createNotifySendNotifier({ env: { ...process.env, ...session.env } });
    expect(await notifier.show({ title: 'with pictures', body: '', icon, image })).toBe(true);
    const call = await vi.waitFor(
      () => {
        const output = session.monitorOutput();
        const at = output.indexOf('string "with pictures"');
        // whole once expire_timeout, the last argument, is printed at the top indent
        if (at < 0 || !/^ {3}int32 -?\d+$/m.test(output.slice(at)))
          throw new Error('no Notify call yet');
        return output.slice(output.lastIndexOf('member=Notify', at));
      },
      { timeout: 15_000 },
    );
    // Notify(app_name, replaces_id, app_icon, summary, …, hints{"image-path": file URI}, …)
    expect(call).toContain(`string "${icon}"`);
    expect(call).toMatch(/string "image-path"\s+variant\s+string "file:\/\/[^"]*cover\.png"/);
    expect(call).toContain(pathToFileURL(image).href);
  });
});

describe('pictureArgs', () => {
  test('absolute files only: a relative name would be an icon theme name', () => {
    expect(pictureArgs({ icon: '/d/face.png', image: '/d/a b.png' })).toEqual([
      '--icon=/d/face.png',
      '--hint=string:image-path:file:///d/a%20b.png',
    ]);
    expect(pictureArgs({ icon: 'face.png', image: 'dialog-warning' })).toEqual([]);
    expect(pictureArgs({})).toEqual([]);
  });
});
