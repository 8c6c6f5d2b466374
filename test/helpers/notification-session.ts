import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { vi } from 'vitest';
import { requireTool } from './require-tool';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a value; a time-out here is a broken set-up, not a slow test. */
export function waitFor<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (value === undefined) throw new Error(`timed out waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/** A private desktop session: Xvfb, a session bus, dunst, and dbus-monitor watching Notify calls. */
export interface NotificationSession {
  /** DISPLAY and DBUS_SESSION_BUS_ADDRESS for a child that should pop up there. */
  env: { DISPLAY: string; DBUS_SESSION_BUS_ADDRESS: string };
  /** Everything dbus-monitor printed so far. */
  monitorOutput(): string;
  /** Waits for a Notify call and returns its string arguments (app name, icon, summary, body…). */
  notifyStrings(): Promise<string[]>;
  stop(): Promise<void>;
}

/** Options of the session. */
export interface NotificationSessionOptions {
  /** dunst's `dmenu`: the program that picks from a popup's buttons on `dunstctl context`. */
  dmenu?: string;
}

/** Starts Xvfb, a private session bus, dunst and dbus-monitor (apt: xvfb dbus dunst libnotify-bin). */
export async function startNotificationSession(
  options: NotificationSessionOptions = {},
): Promise<NotificationSession> {
  // A missing program fails the test at once with its name (set linux-desktop).
  for (const tool of ['Xvfb', 'dbus-daemon', 'dunst', 'dbus-send', 'dbus-monitor', 'notify-send'])
    requireTool(tool);
  const children: ChildProcess[] = [];
  let monitorOutput = '';
  const start = (
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv,
    stdio: ('ignore' | 'pipe')[],
  ) => {
    const child = spawn(command, args, { env, stdio });
    children.push(child);
    child.on('error', () => undefined); // a program that fails to start surfaces as a time-out below, with its name
    return child;
  };
  const stop = async () => {
    for (const child of children.reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
      if (!stopped) {
        child.kill('SIGKILL');
        await exited;
      }
    }
  };
  try {
    const dir = await mkdtemp(path.join(tmpdir(), 'notify-session-'));
    const env = { PATH: process.env.PATH, HOME: dir, XDG_CONFIG_HOME: dir, XDG_RUNTIME_DIR: dir };

    // -displayfd lets Xvfb pick a free display itself (no race with other X servers here).
    const xvfb = start(
      'Xvfb',
      ['-displayfd', '3', '-nolisten', 'tcp', '-screen', '0', '640x480x24'],
      env,
      ['ignore', 'ignore', 'pipe', 'pipe'],
    );
    let xvfbOut = '';
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => (xvfbOut += chunk.toString()));
    const display = `:${await waitFor('Xvfb display number', () => /^(\d+)\n/.exec(xvfbOut)?.[1])}`;

    // A private bus with no service directories, so nothing is auto-started behind our back.
    const config = path.join(dir, 'bus.conf');
    await writeFile(
      config,
      `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:dir=${dir}</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy></busconfig>\n`,
    );
    const bus = start(
      'dbus-daemon',
      ['--config-file', config, '--nofork', '--print-address=1'],
      env,
      ['ignore', 'pipe', 'pipe'],
    );
    let busOut = '';
    bus.stdout?.on('data', (chunk: Buffer) => (busOut += chunk.toString()));
    const busAddress = await waitFor(
      'dbus-daemon address',
      () => /^(unix:\S+)\n/.exec(busOut)?.[1],
    );

    const sessionEnv = { ...env, DISPLAY: display, DBUS_SESSION_BUS_ADDRESS: busAddress };
    const dunstrc = path.join(dir, 'dunstrc');
    const dmenu = options.dmenu ? `    dmenu = ${options.dmenu}\n` : '';
    await writeFile(dunstrc, `[global]\n    monitor = 0\n${dmenu}`);
    start('dunst', ['-config', dunstrc], sessionEnv, ['ignore', 'ignore', 'ignore']);
    await waitFor('dunst to own org.freedesktop.Notifications', async () => {
      const reply = await run(
        'dbus-send',
        [
          `--bus=${busAddress}`,
          '--print-reply',
          '--dest=org.freedesktop.DBus',
          '/org/freedesktop/DBus',
          'org.freedesktop.DBus.NameHasOwner',
          'string:org.freedesktop.Notifications',
        ],
        { env: sessionEnv },
      ).catch(() => ({ stdout: '' }));
      return reply.stdout.includes('boolean true') ? true : undefined;
    });

    const monitor = start(
      'dbus-monitor',
      ['--address', busAddress, "interface='org.freedesktop.Notifications'"],
      sessionEnv,
      ['ignore', 'pipe', 'pipe'],
    );
    monitor.stdout?.on('data', (chunk: Buffer) => (monitorOutput += chunk.toString('utf8')));
    // dbus-monitor prints NameLost once the bus has made it a monitor: from then on it sees every call.
    await waitFor('dbus-monitor to become a monitor', () =>
      monitorOutput.includes('member=NameLost') ? true : undefined,
    );

    return {
      env: { DISPLAY: display, DBUS_SESSION_BUS_ADDRESS: busAddress },
      monitorOutput: () => monitorOutput,
      async notifyStrings() {
        const call = await waitFor('the Notify call in dbus-monitor', () => {
          const at = monitorOutput.indexOf('member=Notify');
          if (at < 0) return undefined;
          const call = monitorOutput.slice(at);
          // The call is whole once its last argument, expire_timeout, is printed at the top indent
          // ("   int32 10000"); "uint32 0" (replaces_id) comes early and must not count.
          return /^ {3}int32 -?\d+$/m.test(call) ? call : undefined;
        });
        // Notify(app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout)
        return [...call.matchAll(/^\s+string "(.*)"$/gm)].map((match) => match[1]!);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
