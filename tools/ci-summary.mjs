// Prints the plain closing line CI counts ("N passed, N failed") from vitest's JSON report.
// Usage: node tools/ci-summary.mjs <report.json> <exit status of npm test>
import { readFileSync } from 'node:fs';

const [reportPath, statusText = '0'] = process.argv.slice(2);
let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(readFileSync(reportPath, 'utf8'));
  passed = report.numPassedTests ?? 0;
  failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTests ?? 0);
  // A suite that failed to load counts as a failure even when it holds no test.
  failed += (report.testResults ?? []).filter(
    (r) => r.status === 'failed' && r.assertionResults.length === 0,
  ).length;
} catch {
  // No report: type-check, lint or packaging failed before the tests ran.
}
if (Number(statusText) !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
