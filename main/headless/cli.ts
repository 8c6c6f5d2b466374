import { runHeadless } from './headless-main';

// The entry of `npm run headless` (bundled to dist/headless/cli.mjs): headless mode with the
// command line and environment it was started with.
runHeadless(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stdout.write(`${JSON.stringify({ type: 'error', message: String(error) })}\n`);
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
