import { existsSync } from 'node:fs';
import which from 'which';

/** The package that brings each tool the tests run, per system, for the failure's message. */
const WHERE_FROM: Record<string, string> = {
  'notify-send': 'apt: libnotify-bin',
  dunst: 'apt: dunst',
  dunstctl: 'apt: dunst',
  Xvfb: 'apt: xvfb',
  'dbus-daemon': 'apt: dbus',
  'dbus-monitor': 'apt: dbus',
  'dbus-send': 'apt: dbus',
  'dbus-launch': 'apt: dbus-x11',
  mount: 'apt: mount',
  sh: 'a POSIX shell',
};

/**
 * The path of `name` on PATH (PATHEXT too, on Windows: the `which` package), or an error that
 * names the tool: a test that needs a tool this machine lacks fails and says so, never passes
 * or skips. Its set (tools/test-sets/sets.ts) says which machines run it.
 */
export function requireTool(name: string, env: NodeJS.ProcessEnv = process.env): string {
  const found = which.sync(name, { nothrow: true, path: env.PATH ?? '' });
  if (found) return found;
  const from = WHERE_FROM[name] ? ` (${WHERE_FROM[name]})` : '';
  throw new Error(`this test needs ${name}${from}, and it is not on PATH`);
}

/** Checks that a program the tests start by its path exists; an error naming it otherwise. */
export function requireFile(path: string, what: string, hint: string): string {
  if (existsSync(path)) return path;
  throw new Error(`this test needs ${what} at ${path}, and there is none (${hint})`);
}

/**
 * Fails with a clear message on an OS that a test cannot mean (its set runs it only on these;
 * this catches a run of the file by name elsewhere).
 */
export function requirePlatform(
  platforms: readonly NodeJS.Platform[],
  what: string,
  platform: NodeJS.Platform = process.platform,
): void {
  if (platforms.includes(platform)) return;
  throw new Error(
    `this test is about ${what}: it runs on ${platforms.join(', ')}, not ${platform}`,
  );
}
