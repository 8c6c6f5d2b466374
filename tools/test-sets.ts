import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { osSetsFor, setsFor, type TestSetName } from './test-sets/sets';

// `npm test`, `npm run test:os`, `npm run test:portable`, `npm run test:actions-tools`: runs the test sets (vitest projects,
// tools/test-sets/sets.ts) that apply to this machine and says which ran. Arguments after the
// first go to vitest (`npm test -- --reporter=json …`, or file filters).
const [which = 'all', ...vitestArgs] = process.argv.slice(2);
const chosen: Record<string, () => TestSetName[]> = {
  all: () => setsFor(process.platform),
  os: () => osSetsFor(process.platform),
  portable: () => ['portable'],
  'actions-tools': () => ['actions-tools'],
};
if (!chosen[which]) {
  console.error(`test-sets: "${which}" is not one of ${Object.keys(chosen).join(', ')}`);
  process.exit(2);
}
const sets = chosen[which]();
if (sets.length === 0) {
  console.error(`test-sets: no set for ${process.platform}; run "portable"`);
  process.exit(2);
}
const says = `test sets on ${process.platform}: ${sets.join(', ')}`;
console.log(says);
// vitest's own entry through this Node (no npx, no .cmd shim on Windows).
const vitest = join(import.meta.dirname, '..', 'node_modules', 'vitest', 'vitest.mjs');
const projects = sets.flatMap((set) => ['--project', set]);
const result = spawnSync(process.execPath, [vitest, 'run', ...projects, ...vitestArgs], {
  stdio: 'inherit',
});
const status = result.status ?? 1;
console.log(`${says} (${status === 0 ? 'passed' : `failed, exit ${status}`})`);
process.exit(status);
