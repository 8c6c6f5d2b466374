// `npm run dist [-- electron-builder args]`: electron-builder for this OS with electron-builder.yml,
// plus the macOS signing identity from the environment (tools/installers/mac-signing.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { macSigningArgs, macSigningSummary } from './installers/mac-signing';

const root = path.resolve(import.meta.dirname, '..');
if (process.platform === 'darwin') console.error(`dist: ${macSigningSummary(process.env)}`);
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules', 'electron-builder', 'cli.js'),
    ...macSigningArgs(process.env, process.platform),
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
