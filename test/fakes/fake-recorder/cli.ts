// The fake recorder for development and the demo: `npm run fake-recorder -- --help`.
import { parseArgs } from 'node:util';
import { startFakeRecorder } from './index';

const USAGE = `Usage: npm run fake-recorder -- [options]
  --port N              port to listen on (default 2356; 0 = any free port)
  --rooms N             number of rooms (default 3; room 23058 "3号直播间" is always one)
  --live N              rooms already live at start, without webhooks (default 0)
  --webhook URL         send each event to URL (repeatable: all URLs at once, as the recorder);
                        they are the V2 list of GET|POST /api/config/global, which can change it
  --user U --pass P     require HTTP Basic auth on every path (or FAKE_RECORDER_PASS=P)
  --open-access-guard   answer 412 to every request (recorder 2.11 without auth)
  --no-script           serve the REST API only, send no scripted webhooks
  --speed X             time factor of the script (default 1: done within about 25 s)
`;

function count(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} needs a whole number ≥ 0, got "${text}"`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      rooms: { type: 'string' },
      live: { type: 'string' },
      webhook: { type: 'string', multiple: true },
      user: { type: 'string' },
      pass: { type: 'string' },
      'open-access-guard': { type: 'boolean' },
      'no-script': { type: 'boolean' },
      speed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const speed = values.speed === undefined ? 1 : Number(values.speed);
  if (!(speed > 0) || !Number.isFinite(speed))
    throw new Error(`--speed needs a number > 0, got "${values.speed}"`);
  const port = count(values.port, 2356, 'port');
  if (port > 65535) throw new Error(`--port must be at most 65535, got ${port}`);

  const recorder = await startFakeRecorder({
    port,
    rooms: count(values.rooms, 3, 'rooms'),
    live: count(values.live, 0, 'live'),
    webhooks: values.webhook ?? [],
    user: values.user,
    pass: values.pass ?? process.env.FAKE_RECORDER_PASS,
    openAccessGuard: values['open-access-guard'] ?? false,
    script: !values['no-script'],
    speed,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`fake recorder listening on ${recorder.url}\n`);

  const shutdown = () => {
    void recorder.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `fake-recorder: ${error instanceof Error ? error.message : String(error)}\n${USAGE}`,
  );
  process.exit(2);
});
