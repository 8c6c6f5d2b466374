// `npm run demo`: a fake recorder plays a scripted evening (rooms going live, files split and
// finished, retries, out-of-order and duplicate deliveries) against Recorder Tray in headless mode,
// while a fake blrec, a recorder of another kind, plays a session over its WebSocket beside it.
// Headless mode's JSON lines go to stdout; a readable account goes to stderr.
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startFakeRecorder } from '../test/fakes/fake-recorder/index';
import { startDemoBlrec } from './demo-blrec';

const root = join(import.meta.dirname, '..');
const say = (text: string) => process.stderr.write(`demo: ${text}\n`);

const recorder = await startFakeRecorder({
  port: 0,
  rooms: 4,
  live: 1,
  log: (line) => say(`recorder ${line}`),
});
say(`fake recorder at ${recorder.url} (web UI would be ${recorder.url}/ui/)`);
const blrec = await startDemoBlrec(say);

const dataDir = await mkdtemp(join(tmpdir(), 'recorder-tray-demo-'));
// The recording guardian's "live but not recording" after 5 s instead of 60, for the demo's sake.
const config = join(dataDir, 'demo-config.json');
// The flags set the first recorder (the fake BililiveRecorder); blrec is the second.
await writeFile(
  config,
  JSON.stringify({
    guardian: { notRecordingSeconds: 5 },
    recorders: [{ id: 'default' }, blrec.recorder],
  }),
);
// One process (tsx as a loader), so that stopping it stops the app itself.
const headless = spawn(
  process.execPath,
  [
    ...['--import', 'tsx', join(root, 'main/headless/cli.ts'), '--port', '0'],
    ...['--data-dir', dataDir, '--recorder-url', recorder.url],
    ...['--poll-interval', '5', '--config', config, ...process.argv.slice(2)],
  ],
  // Standard input a pipe: a line `stop` stops it cleanly on every OS (kill() on Windows is no signal).
  { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
);

let finished = false;
const stop = async (code: number) => {
  if (finished) return;
  finished = true;
  headless.stdin.end('stop\n');
  await Promise.all([recorder.close(), blrec.close()]);
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
headless.on('exit', (code) => void stop(code ?? 1));

createInterface({ input: headless.stdout }).on('line', (text) => {
  process.stdout.write(`${text}\n`);
  const line = JSON.parse(text) as {
    type: string;
    webhookUrl?: string;
    title?: string;
    body?: string;
    status?: string;
    message?: string;
    problem?: string;
  };
  if (line.type === 'ready' && line.webhookUrl) {
    say(`Recorder Tray is listening at ${line.webhookUrl}; playing the script (about 25 s)…`);
    recorder.addWebhook(line.webhookUrl);
    void blrec.play();
    void recorder.playScript().then(async () => {
      await recorder.idle();
      // The guardian: room A is live again but its recording does not start.
      const roomA = recorder.state.rooms[0]!.roomId;
      say(`recording guardian: room ${roomA} goes live but nothing records…`);
      await recorder.scenario(roomA, 'not-recording');
    });
  }
  if (line.type === 'notification') say(`🔔 ${line.title} — ${line.body?.replace(/\n/g, ' / ')}`);
  if (line.type === 'notification' && line.problem === 'not-recording') {
    say('…then the recorder starts recording again');
    void recorder.scenario(recorder.state.rooms[0]!.roomId, 'healthy');
  }
  if (line.type === 'problem-resolved') {
    say(`✅ problem over: ${line.problem} (recorded in the history, no popup)`);
    say('demo done; Ctrl-C to stop (or wait 10 s)');
    setTimeout(() => void stop(0), 10_000);
  }
  if (line.type === 'recorder') say(`recorder status: ${line.status} (${line.message})`);
});
