import { runHeadless } from './headless-main';

// The entry of `npm run headless` (bundled to dist/headless/cli.mjs): headless mode with the
// command line and environment it was started with. It runs with plain `node` and no V8 flags,
// measured (issue 21): --max-semi-space-size=1 saved 1.5 MB of RSS in the first seconds and
// nothing once V8's memory reducer had run (about 10 s after start); --lite-mode saved 8 MB but
// has no optimizing compiler, and the listener's CPU per webhook counts too.
runHeadless(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stdout.write(`${JSON.stringify({ type: 'error', message: String(error) })}\n`);
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
