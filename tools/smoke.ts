// The release workflow's smoke test of a packaged app (.github/workflows/release.yml, `smoke`):
//   tsx tools/smoke.ts <installer>... [--arch x64|arm64] [--settle-ms 30000]
// installs the artifact as a user does (an NSIS .exe, a .dmg, a .deb or an .AppImage; with --arch,
// that architecture's of the files given), starts it, waits for the log line naming its webhook
// URL, posts a recorded FileClosed (204 expected), measures, checks the update route it logged
// (tools/smoke/artifact-kind.ts), quits it, reads back what it saved, uninstalls it and checks what
// is left. The figures go to the job summary. The steps shared by every OS are
// tools/smoke/smoke-run.ts.
import { homedir } from 'node:os';
import { parseArgs } from 'node:util';
import { installedAppLocations } from './smoke/app-locations';
import { expectedUpdateRoute, pickInstaller } from './smoke/artifact-kind';
import { installWindows } from './smoke/install-windows';
import { installMacos } from './smoke/install-macos';
import { installAppImage, installDeb } from './smoke/install-linux';
import { launchInstalled, seedSettings, type InstalledApp } from './smoke/installed-app';
import { runSmoke } from './smoke/smoke-run';
import { reportFigures, summaryMarkdown } from './smoke/summary';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'settle-ms': { type: 'string', default: '30000' },
    arch: { type: 'string' },
  },
});
if (positionals.length === 0) {
  console.error('usage: tsx tools/smoke.ts <installer>... [--arch x64|arm64] [--settle-ms 30000]');
  process.exit(2);
}
let installer: string;
try {
  installer = pickInstaller(positionals, values.arch);
} catch (error) {
  console.error(`smoke: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}

/** The OS's install step for the artifact's kind, or undefined for a file it does not know. */
function installStep(file: string): ((file: string) => Promise<InstalledApp>) | undefined {
  if (file.endsWith('.exe')) return installWindows;
  if (file.endsWith('.dmg')) return installMacos;
  if (file.endsWith('.deb')) return installDeb;
  if (file.endsWith('.AppImage')) return installAppImage;
  return undefined;
}

const install = installStep(installer);
if (install === undefined) {
  console.error(
    `${installer}: not an installer the smoke test knows (.exe, .dmg, .deb, .AppImage)`,
  );
  process.exit(2);
}
const locations = installedAppLocations(process.platform, process.env, homedir());
// Start at login on where the uninstaller must remove it again (Windows' Run value).
await seedSettings(locations.dataDir, process.platform === 'win32');
const app = await install(installer);
console.log(`smoke: ${app.title}: ${app.executable}; log ${locations.logFile}`);
const figures = await runSmoke({
  launch: () => launchInstalled(app),
  quit: (launched) => app.quit(launched),
  logFile: locations.logFile,
  dataDir: locations.dataDir,
  settleMs: Number(values['settle-ms']),
  timeoutMs: 120_000,
  updateRoute: expectedUpdateRoute(installer, process.env),
});
const left = await app.uninstall();
reportFigures(summaryMarkdown(app.title, figures));
if (left.length > 0) {
  console.error(`smoke: after uninstalling:\n- ${left.join('\n- ')}`);
  process.exit(1);
}
console.log('smoke: passed');
