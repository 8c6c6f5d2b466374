// `npm run dist [-- electron-builder args]`: electron-builder for this OS with electron-builder.yml,
// plus the signing the environment provides: Windows through Azure Trusted Signing or a .pfx
// (tools/installers/windows-signing.ts), macOS with a Developer ID and notarized only then
// (tools/installers/mac-signing.ts). Refuses a run that would build the AppImage and the deb
// together (tools/installers/linux-targets.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { configuredNames, linuxTargetsOf, linuxTargetsProblem } from './installers/linux-targets';
import { macSigningArgs, macSigningEnv, macSigningSummary } from './installers/mac-signing';
import { builderConfig } from './package-check/config-checks';
import { windowsSigningArgs, windowsSigningSummary } from './installers/windows-signing';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const linux = (await builderConfig(root)).linux?.target ?? [];
const configured = configuredNames([linux].flat().filter((t) => t !== null));
const together = linuxTargetsProblem(linuxTargetsOf(args, process.platform, configured));
if (together !== undefined) {
  console.error(`dist: ${together}`);
  process.exit(2);
}
if (process.platform === 'darwin') console.error(`dist: ${macSigningSummary(process.env)}`);
if (process.platform === 'win32') console.error(`dist: ${windowsSigningSummary(process.env)}`);
let signingArgs: string[];
try {
  signingArgs = [
    ...macSigningArgs(process.env, process.platform),
    ...windowsSigningArgs(process.env, process.platform),
  ];
} catch (error) {
  console.error(`dist: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules', 'electron-builder', 'cli.js'), ...signingArgs, ...args],
  { cwd: root, stdio: 'inherit', env: macSigningEnv(process.env) },
);
process.exit(result.status ?? 1);
