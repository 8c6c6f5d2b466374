import { createAppForTests } from '../../main/app/testing';
import { runHeadless } from '../../main/headless/headless-main';
import { SMALL_TEST_LIMITS } from './small-limits';

// A test-only entry of headless mode (bundled by smallLimitsBundle in test/helpers/): the app as
// `npm run headless` runs it, with the tests' small storage limits through its ports.
runHeadless(process.argv.slice(2), process.env, (ports) =>
  createAppForTests(ports, { limits: SMALL_TEST_LIMITS }),
).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
