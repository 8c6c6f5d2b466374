import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  configuredNames,
  linuxTargetsOf,
  linuxTargetsProblem,
} from '../../../tools/installers/linux-targets';
import { expectedUpdateRoute } from '../../../tools/smoke/artifact-kind';
import {
  commandsOf,
  type Job,
  jobsOf,
  needsOf,
  readProjectFile,
  WORKFLOWS,
} from '../../helpers/workflow-jobs';

// What the first tag needs of both workflows (issue 40): the Linux packages built apart and
// checked, every artifact smoke-tested with its update route, the native modules checked per OS
// and architecture, pinned runner images, the version check first, npm's `--` in bash, actions at
// majors that run on Node 24.

/** Each action's current major (checked against each repository's tags and action.yml, node24). */
const ACTION_MAJORS: Record<string, string> = {
  'actions/checkout': 'v7',
  'actions/setup-node': 'v7',
  'actions/upload-artifact': 'v7',
  'actions/download-artifact': 'v8',
};

/** The runner images the workflows may name: pinned versions, never a moving `-latest`. */
const PINNED_IMAGES = ['ubuntu-24.04', 'windows-2025', 'macos-15', 'macos-15-intel'];

const configured = configuredNames(['AppImage', 'deb']);
const matrixOf = (job: Job) => job.strategy?.matrix.include ?? [];

describe.each(WORKFLOWS)('%s', (file) => {
  const jobs = jobsOf(file);
  const all = Object.values(jobs);

  it('builds the AppImage and the deb in separate runs and folders, and checks each', () => {
    const build = commandsOf(jobs.build!);
    const linuxRuns = build.filter((c) => c.startsWith('npm run dist') && c.includes('--linux'));
    const args = (command: string) => command.split(/\s+/).slice(4);
    expect(linuxRuns.map((c) => linuxTargetsOf(args(c), 'linux', configured))).toEqual([
      ['AppImage'],
      ['deb'],
    ]);
    for (const command of linuxRuns)
      expect(linuxTargetsProblem(linuxTargetsOf(args(command), 'linux', configured))).toBe(
        undefined,
      );
    expect(linuxRuns.map((c) => /-c\.directories\.output=(\S+)/.exec(c)?.[1])).toEqual([
      'release/appimage',
      'release/deb',
    ]);
    expect(build).toEqual(
      expect.arrayContaining([
        'npx tsx tools/check-artifacts.ts package-type release/appimage/*.AppImage release/deb/*.deb',
        'npx tsx tools/check-artifacts.ts glibc release/appimage/linux-unpacked release/deb/linux-unpacked',
        'npx tsx tools/linux-feed.ts release/appimage/latest-linux.yml release/deb/latest-linux.yml release/latest-linux.yml',
      ]),
    );
    // In Debian 12: native modules compiled against its glibc, not the runner's newer one.
    const linuxBuild = matrixOf(jobs.build!).find((e) => e.os?.startsWith('ubuntu'));
    expect(linuxBuild?.container ?? jobs.build!.container).toBe('node:24-bookworm');
  });

  it('smoke-tests every artifact it builds, each checking the update route it logs', () => {
    const entries = matrixOf(jobs.smoke!).map((e) => ({
      os: e.os ?? jobs.smoke!['runs-on'],
      installer: e.installer!,
      arch: e.arch,
      route: expectedUpdateRoute(e.installer!, {}),
    }));
    const wanted: { os: string; installer: string; arch?: string; route: string }[] = [
      { os: 'ubuntu-24.04', installer: 'release/deb/*.deb', arch: undefined, route: 'install' },
      {
        os: 'ubuntu-24.04',
        installer: 'release/appimage/*.AppImage',
        arch: undefined,
        route: 'restart to update',
      },
    ];
    if (file.endsWith('release.yml'))
      wanted.push(
        {
          os: 'windows-2025',
          installer: 'release/*.exe',
          arch: undefined,
          route: 'restart to update',
        },
        { os: 'macos-15', installer: 'release/*.dmg', arch: 'arm64', route: 'download' },
        { os: 'macos-15-intel', installer: 'release/*.dmg', arch: 'x64', route: 'download' },
      );
    expect(entries).toEqual(expect.arrayContaining(wanted));
    expect(entries).toHaveLength(wanted.length);
    // tools/smoke.ts reads the route from the app's log and fails on another one.
    const smoke = jobs.smoke!.steps.find((s) => s.run?.includes('npx tsx tools/smoke.ts'))!;
    expect(smoke.run).toMatch(/tools\/smoke\.ts .*\$INSTALLER$/);
    if (file.endsWith('release.yml')) {
      expect(smoke.run).toContain('${ARCH:+--arch "$ARCH"}');
      expect(smoke.env?.MAC_SIGNED).toBe("${{ secrets.CSC_NAME != '' }}");
    }
  });

  it('starts the AppImage where libfuse2 is absent', () => {
    const appImage = matrixOf(jobs.smoke!).find((e) => e.installer?.endsWith('.AppImage'))!;
    expect(appImage['without-libfuse2']).toBe(true);
    const step = jobs.smoke!.steps.find((s) => s.if === 'matrix.without-libfuse2')!;
    expect(step.run).toMatch(/apt-get remove -y -qq \$installed/);
    expect(step.run).toMatch(/ldconfig -p \| grep -q 'libfuse\\\.so\\\.2'.*exit 1/);
  });

  it('names pinned runner images and a pinned Debian container', () => {
    for (const job of all) {
      const images = [job['runs-on'], ...matrixOf(job).map((e) => e.os)].filter(
        (image) => image !== undefined && !image.startsWith('${{'),
      );
      for (const image of images) expect(PINNED_IMAGES, image).toContain(image);
    }
    expect(JSON.stringify(jobs)).not.toMatch(/-latest\b/);
    const yml = readProjectFile(file);
    for (const [, image] of yml.matchAll(/container: (node:\S+)/g))
      expect(image).toBe('node:24-bookworm');
  });

  it('runs every `npm run … -- …` in bash (PowerShell may drop the --)', () => {
    const steps = all
      .flatMap((job) => job.steps)
      .filter((s) => /\bnpm run \S+ -- /.test(s.run ?? ''));
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) expect(step.shell, step.run).toBe('bash');
  });

  it('uses each action at its current major (they run on Node 24), and Node 24 itself', () => {
    const uses = all.flatMap((job) => job.steps).flatMap((s) => (s.uses ? [s.uses] : []));
    expect(uses.length).toBeGreaterThan(0);
    for (const use of uses) {
      const [name, major] = use.split('@');
      expect(ACTION_MAJORS, use).toHaveProperty([name!]);
      expect(major, use).toBe(ACTION_MAJORS[name!]);
    }
    const versions = all
      .flatMap((job) => job.steps)
      .filter((s) => s.uses?.startsWith('actions/setup-node@'))
      .map((s) => s.with?.['node-version']);
    expect(new Set(versions)).toEqual(new Set([24]));
  });
});

describe('the release workflow', () => {
  const jobs = jobsOf('.github/workflows/release.yml');

  it('checks the tag against the version first; nothing else starts before', () => {
    const [first, ...rest] = Object.keys(jobs);
    expect(first).toBe('version');
    expect(commandsOf(jobs.version!)).toContain(
      'npx tsx tools/release-notes.ts --check-tag "$GITHUB_REF_NAME"',
    );
    expect(jobs.version!.needs).toBeUndefined();
    // Every other job waits for it, directly or through the jobs it waits for.
    const waitsFor = (name: string): string[] =>
      needsOf(jobs[name]!).flatMap((need) => [need, ...waitsFor(need)]);
    for (const name of rest) expect(waitsFor(name), name).toContain('version');
    expect(jobs.build!.if).toContain("needs.version.result == 'success'");
  });

  it("checks each Mac app's native modules with lipo, and the Linux ones' glibc", () => {
    const build = commandsOf(jobs.build!);
    expect(build).toEqual(
      expect.arrayContaining([
        'npx tsx tools/check-artifacts.ts lipo "release/mac/Recorder Tray.app" x64',
        'npx tsx tools/check-artifacts.ts lipo "release/mac-arm64/Recorder Tray.app" arm64',
      ]),
    );
  });
});

describe('package.json', () => {
  it('names the Node that Electron 45 runs (24), for the engines and the types', () => {
    const pkg = parse(readProjectFile('package.json')) as {
      engines: { node: string };
      devDependencies: Record<string, string>;
    };
    expect(pkg.engines.node).toBe('>=24');
    expect(pkg.devDependencies['@types/node']).toMatch(/^\^24\./);
  });
});
