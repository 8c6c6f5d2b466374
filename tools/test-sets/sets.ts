/**
 * The test sets (vitest projects), chosen by what each test file needs; the one place that says
 * which machine runs which file. The portable set needs only Node, npm, git, a shell and a
 * browser. `test/tools/test-sets/sets.test.ts` checks that every test file is in a set and that
 * no OS runs a file twice, so a new file cannot fall out of all sets: a file not listed below is
 * portable.
 */

/** The names other scripts and the workflows use (`npm run test:portable`, `test:os`). */
export const TEST_SET_NAMES = [
  'portable',
  'jobs-tools',
  'linux-desktop',
  'os-linux',
  'os-windows',
  'os-macos',
] as const;

/** One test set's name. */
export type TestSetName = (typeof TEST_SET_NAMES)[number];

/** Every test file. */
const ALL_TESTS = ['test/**/*.test.ts', 'test/**/*.test.tsx'];

/**
 * Files that run the jobs' tools: ffmpeg and ffprobe (a real FLV remuxed and read back),
 * rclone (an upload to a local remote). Every OS runs them where the tools are installed: .ci/run
 * on Linux, the workflows' install steps on Windows and macOS.
 */
const JOBS_TOOLS = [
  'test/features/jobs/adapters/find-program-tools.test.ts',
  'test/features/jobs/adapters/step-runner.test.ts',
  'test/features/jobs/app/jobs.test.ts',
  'test/features/jobs/app/jobs-recovered.test.ts',
  // Other recorders' files: their duration read by ffprobe from a real FLV.
  'test/features/recorder-kinds/app/kind-file-duration.test.ts',
  'test/headless/cli-jobs.test.ts',
  'test/renderer/browser/jobs-live.test.ts',
  'test/renderer/browser/jobs-settings-tools.test.ts',
];

/**
 * Files that need a Linux desktop's tools: notify-send, dunst, Xvfb, dbus (a real notification
 * daemon, or a `#!/bin/sh` stand-in of notify-send), tmpfs mounts.
 */
const LINUX_DESKTOP = [
  'test/adapters/notify-send.test.ts',
  'test/adapters/notify-send-buttons.test.ts',
  'test/headless/cli-files-and-popups.test.ts',
  'test/renderer/browser/popups-banner.test.ts',
  'test/adapters/disk-trouble.test.ts',
  'test/features/guardian/adapters/disk-low.test.ts',
];

/** Files about what differs per OS (the opener, start at login, paths, signals), on their own OS. */
const PER_OS: Record<'os-linux' | 'os-windows' | 'os-macos', string[]> = {
  'os-linux': [
    // PATH split on ':', the execute bit (also on macOS).
    'test/features/jobs/adapters/find-program-posix.test.ts',
    // The window's "open" buttons through a stand-in of xdg-open (a `#!/bin/sh` script).
    'test/renderer/browser/window-glance.test.ts',
    'test/adapters/xdg-autostart.test.ts',
    'test/headless/stop-signals.test.ts',
    // Stops `npm run demo` with SIGTERM, as a terminal's Ctrl+C would.
    'test/tools/demo.test.ts',
    'test/headless/data-dir-linux.test.ts',
    // tools/smoke.ts on the AppImage's path with a `#!/bin/sh` stand-in and Linux's data folder.
    'test/tools/smoke/smoke-cli.test.ts',
    // Runs a `#!/bin/sh` stand-in AppImage through electron-updater's real AppImageUpdater.
    'test/electron/appimage-update.test.ts',
    // A move across file systems (EXDEV), into /dev/shm.
    'test/adapters/move-across-disks.test.ts',
    // electron-updater's DebUpdater finding Debian's dpkg and apt with `command -v`.
    'test/electron/deb-install.test.ts',
    // Real debs (dpkg-deb), ELF libraries compiled with cc, objdump; a `#!/bin/sh` AppImage.
    'test/tools/artifacts/linux-artifacts.test.ts',
  ],
  'os-windows': [
    'test/headless/data-dir-windows.test.ts',
    // PATH split on ';', PATHEXT, no execute bit.
    'test/features/jobs/adapters/find-program-windows.test.ts',
    // A run step's .bat, .cmd and .ps1 through the real cmd.exe and Windows PowerShell.
    'test/features/jobs/adapters/run-program-windows.test.ts',
  ],
  'os-macos': [
    'test/features/jobs/adapters/find-program-posix.test.ts',
    // Xcode's lipo on this Node's own Mach-O binary.
    'test/tools/artifacts/mac-arch-macos.test.ts',
    'test/headless/stop-signals.test.ts',
    'test/tools/demo.test.ts',
    'test/headless/data-dir-macos.test.ts',
  ],
};

/** A set as vitest's project config takes it. */
export interface TestSet {
  name: TestSetName;
  include: string[];
  exclude: string[];
}

/** The six sets; portable is every file the others do not list. */
export const TEST_SETS: readonly TestSet[] = [
  {
    name: 'portable',
    include: ALL_TESTS,
    exclude: [...new Set([...JOBS_TOOLS, ...LINUX_DESKTOP, ...Object.values(PER_OS).flat()])],
  },
  { name: 'jobs-tools', include: JOBS_TOOLS, exclude: [] },
  { name: 'linux-desktop', include: LINUX_DESKTOP, exclude: [] },
  ...(['os-linux', 'os-windows', 'os-macos'] as const).map((name) => ({
    name,
    include: PER_OS[name],
    exclude: [],
  })),
];

/** The current OS's own sets (`npm run test:os`): its os-* set, and on Linux linux-desktop too. */
export function osSetsFor(platform: NodeJS.Platform): TestSetName[] {
  if (platform === 'win32') return ['os-windows'];
  if (platform === 'darwin') return ['os-macos'];
  if (platform === 'linux') return ['linux-desktop', 'os-linux'];
  return [];
}

/** The OSes the workflows install the jobs' tools on (the jobs-tools set runs there). */
const JOBS_TOOLS_OSES: readonly NodeJS.Platform[] = ['linux', 'win32', 'darwin'];

/**
 * Every set that applies to an OS (`npm test`): the portable set, the jobs' tools where the
 * workflows install them, and the OS's own.
 */
export function setsFor(platform: NodeJS.Platform): TestSetName[] {
  const tools: TestSetName[] = JOBS_TOOLS_OSES.includes(platform) ? ['jobs-tools'] : [];
  return ['portable', ...tools, ...osSetsFor(platform)];
}
