// Benchmark of the latencies users wait on: `npm run bench:latency`. Tests only wait for these
// to happen; how fast they happen is measured here, in one run, next to a baseline measured in the
// same run: one bare HTTP round trip on loopback to the same fake recorder.
//   - "record" pressed on a go-live popup → the room shown as recording (the app object, its
//     recorder link's client and the next poll, the fake recorder over real HTTP);
//   - a go-live webhook answered → pushed to an ntfy target (the app object, its push sink, a fake
//     ntfy server on loopback).
// Targets (they were test budgets before issue 32): record → recording under 1 s, webhook → push
// under 3 s, both at the median of the runs.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PopupButtonRunner } from '../main/hosts/popup-button-runner';
import { startApp, stopApps, type AppHarness } from '../test/fakes/app-harness';
import { startFakeRecorder, type FakeRecorder } from '../test/fakes/fake-recorder/index';
import { oneRecorder } from '../test/fakes/recorder-settings';
import { memoryLogger } from '../test/fakes/silent-logger';
import { startFakePushServer } from '../test/fakes/push-services/fake-push-server';
import { ntfyService } from '../test/fakes/push-services/services';
import { fixtureText } from '../test/helpers/fixtures';
import { PushTargetSetting } from '../shared/settings';
import { apiAnswers } from '../shared/recorder/connection-status';
import { median } from './support/quantile';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);

/** Resolves once `done()` holds, looking every millisecond; rejects after `limitMs`. */
async function until(done: () => boolean, what: string, limitMs = 30_000): Promise<void> {
  const start = performance.now();
  while (!done()) {
    if (performance.now() - start > limitMs) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** The baseline: one bare GET on loopback to the fake recorder, answered and read, in ms. */
async function roundTrip(recorder: FakeRecorder): Promise<number> {
  const start = performance.now();
  await (await fetch(`${recorder.url}/api/version`)).text();
  return performance.now() - start;
}

/** "record" pressed on a go-live popup → the room shown as recording, in ms. */
async function recordLatency(h: AppHarness, recorder: FakeRecorder, roomId: number) {
  const room = recorder.state.rooms.find((r) => r.roomId === roomId)!;
  room.autoRecord = false;
  // The app must know first that the room does not record by itself (the popup offers "record").
  h.app.pollNow();
  const shown = () => h.app.state().rooms.find((r) => r.roomId === roomId);
  await until(() => shown()?.autoRecord === false, 'auto-record off seen');
  const before = h.shown.length;
  await recorder.setLive(roomId, true);
  await until(() => h.shown.length > before, 'the go-live popup');
  const runner = new PopupButtonRunner(memoryLogger());
  runner.connect(h.app);
  const popup = runner.desktopPopup(h.shown[h.shown.length - 1]!);
  if (!popup.buttons?.some((button) => button.id === 'record')) throw new Error('no record button');
  const recording = () => shown()?.recording === true;
  const pressed = performance.now();
  popup.onButton?.('record');
  await until(recording, 'recording shown');
  return performance.now() - pressed;
}

async function main(): Promise<void> {
  const recorder = await startFakeRecorder({ rooms: RUNS + 1 });
  const ntfy = await startFakePushServer(ntfyService());
  try {
    const h = await startApp({
      settings: {
        ...oneRecorder({ url: recorder.url, pollIntervalSeconds: 60 }),
        notifications: { groupWindowSeconds: 0 },
        pushTargets: [PushTargetSetting.parse({ url: `ntfy://127.0.0.1:${ntfy.port}/bench` })],
      },
    });
    recorder.addWebhook(h.webhookUrl);
    await until(() => apiAnswers(h.app.state().recorder.status), 'the first poll');
    const baseline: number[] = [];
    const record: number[] = [];
    const push: number[] = [];
    for (let i = 0; i < 20; i++) baseline.push(await roundTrip(recorder));
    for (const room of recorder.state.rooms.slice(0, RUNS)) {
      baseline.push(await roundTrip(recorder));
      record.push(await recordLatency(h, recorder, room.roomId));
    }
    // A go-live webhook of a room the fake recorder does not list, a new room each run: each is news.
    const body = JSON.parse(fixtureText('synthesized/webhook-v2-StreamStarted.json')) as {
      EventId: string;
      EventData: { RoomId: number };
    };
    for (let i = 0; i < RUNS; i++) {
      const before = ntfy.received.length;
      body.EventId = randomUUID();
      body.EventData.RoomId = 900_000 + i;
      const posted = performance.now();
      const answer = await fetch(h.webhookUrl, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'Content-Type': 'application/json' },
      });
      if (answer.status !== 204) throw new Error(`webhook answered ${answer.status}`);
      await until(() => ntfy.received.length > before, 'the push');
      push.push(performance.now() - posted);
      baseline.push(await roundTrip(recorder));
    }
    const base = median(baseline);
    const line = (name: string, samples: number[], targetMs: number) => {
      const m = median(samples);
      const verdict = m < targetMs ? 'met' : 'NOT met';
      return `  ${name}: median ${m.toFixed(1)} ms (max ${Math.max(...samples).toFixed(1)} ms) = ${(m / base).toFixed(0)}x the round trip; target < ${targetMs} ms → ${verdict}`;
    };
    console.log(
      [
        `latencies, ${RUNS} runs each; baseline: a bare loopback round trip to the fake recorder, median ${base.toFixed(2)} ms`,
        line('record pressed → shown as recording', record, 1000),
        line('go-live webhook → pushed to ntfy', push, 3000),
      ].join('\n'),
    );
  } finally {
    await stopApps();
    await recorder.close();
    await ntfy.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
