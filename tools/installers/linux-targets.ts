// Which Linux targets one electron-builder run builds, from its command line and
// electron-builder.yml: the AppImage and the deb must never come out of the same run
// (tools/artifacts/package-type.ts says why), so `npm run dist` refuses that.

/** electron-builder's platform flags (its CLI: --mac/-m/-o, --win/-w, --linux/-l). */
const OTHER_PLATFORM_FLAGS = new Set(['--mac', '-m', '-o', '--macos', '--win', '-w', '--windows']);
const LINUX_FLAGS = new Set(['--linux', '-l']);

/** A target as electron-builder.yml may give it: a name, or `{ target, arch }`. */
export type ConfiguredTarget = string | { target: string };

/** The configured Linux targets' names (`linux.target`). */
export function configuredNames(targets: readonly ConfiguredTarget[]): string[] {
  return targets.map((target) => (typeof target === 'string' ? target : target.target));
}

/**
 * The Linux targets a run builds: those named after --linux (`--linux AppImage`,
 * `--linux=deb,AppImage`, `AppImage:x64`), else the configured ones when it builds for Linux
 * (--linux alone, or no platform flag on a Linux machine); empty when it builds none.
 */
export function linuxTargetsOf(
  args: readonly string[],
  platform: NodeJS.Platform,
  configured: readonly string[],
): string[] {
  const at = args.findIndex((arg) => LINUX_FLAGS.has(arg) || arg.startsWith('--linux='));
  if (at < 0) {
    const otherPlatform = args.some((arg) => OTHER_PLATFORM_FLAGS.has(arg.split('=')[0]!));
    return platform === 'linux' && !otherPlatform ? [...configured] : [];
  }
  const named: string[] = [];
  const inline = args[at]!.split('=')[1];
  if (inline !== undefined) named.push(...inline.split(','));
  for (const arg of args.slice(at + 1)) {
    if (arg.startsWith('-')) break;
    named.push(...arg.split(','));
  }
  const names = named.map((name) => name.split(':')[0]!.trim()).filter(Boolean);
  return names.length > 0 ? names : [...configured];
}

/** Why a run must not go ahead (both Linux packages in it), or undefined. */
export function linuxTargetsProblem(targets: readonly string[]): string | undefined {
  const lower = targets.map((target) => target.toLowerCase());
  if (!lower.includes('appimage') || !lower.includes('deb')) return undefined;
  return (
    'build the AppImage and the deb in separate runs, each into its own folder ' +
    '(`--linux AppImage -c.directories.output=release/appimage`, then `--linux deb ' +
    '-c.directories.output=release/deb`): in one run the deb writes resources/package-type ' +
    'into the folder the AppImage is made from, and the AppImage would update itself as a .deb'
  );
}
