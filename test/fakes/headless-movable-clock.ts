import { createInterface } from 'node:readline';
import { createAppForTests } from '../../main/app/testing';
import { runHeadless } from '../../main/headless/headless-main';
import { MovableClock } from './movable-clock';

// A test-only entry of headless mode (bundled by movableClockBundle in test/helpers/): the app as
// `npm run headless` runs it, on a clock the test moves forward by writing `advance <ms>` lines
// to its stdin (the quiet hours tests jump to the window's end instead of waiting for it).
const clock = new MovableClock();
createInterface({ input: process.stdin }).on('line', (line) => {
  const ms = /^advance (\d+)$/.exec(line.trim())?.[1];
  if (ms !== undefined) clock.advance(Number(ms));
});
runHeadless(process.argv.slice(2), process.env, (ports) =>
  createAppForTests(ports, { clock: clock.now, setTimer: clock.setTimer }),
).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
