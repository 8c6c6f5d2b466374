/**
 * `npm run bench:trace` (issue 41): how much of the app runs for one FileClosed and for one poll
 * that finds a room live, and how many times the database's files are synced for them.
 *
 * The app object runs here as the hosts run it (the tests' harness: the real listener on
 * 127.0.0.1, the real database in a temp folder), with the fake recorder and bilibili's fake live
 * API in a process of their own; the recorder's settings name the app's webhook URL, as a user's
 * do once set up (until 2026-11-28 they did not, and each webhook had the app read them again).
 * The FileClosed path is warmed first (FileClosed of other rooms, settled), and the poll's by an
 * untraced poll that finds another room live, so that what is traced is a steady-state one, not
 * the first-ever. Each window runs from the post (or the poll) until its effects are on the disk:
 * the popup raised, the file listed, the popup marked shown, the processed mark moved, no WAL sync
 * under way. Then, once the database has been quiet for a while (the checkpoint after the commits
 * ran), three idle windows of the same length.
 *
 * How to read it: files, functions and calls are V8's precise coverage of the scripts of main/
 * and shared/ (this process's main thread; the checkpoint worker's thread is not counted), each
 * function's count in the window less what the app does anyway (timers, the guardian's tick):
 * its largest count in any of IDLE_WINDOWS idle windows as long, one after the other (floored at
 * 0). With a single idle window (the figure printed in brackets beside it, as before 2026-11-28),
 * a timer that happened to tick in the event's window and not in the idle one was charged to the
 * event; the largest of three takes off what an idle app may run in such a window, no more: the
 * event's own calls of a function that also ticks stay counted above that. Synced commits are the
 * fsync/fdatasync/sync_file_range calls strace saw this process make on the data folder's files in
 * the window (every thread, SQLite's own syncs included), by file. Beside each figure: the bound of
 * issue 41 and whether it holds (judged on the largest-of-three figure). It prints, it does not
 * fail; `--check` exits 1 when a bound does not hold. `--files` lists the calls per file,
 * `--functions` the 40 most called functions.
 */
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { projectScript, tallyCoverage } from './support/coverage-tally';
import { startPreciseCoverage } from './support/precise-coverage';
import { apiAnswers } from '../shared/recorder/connection-status';
import { attachSyncTrace } from './support/sync-trace';
import { startTraceFakes, type TraceRoom } from './support/trace-fakes';
import { traceReport, type TracedWindow } from './support/trace-report';

// Counting starts before the app's modules load (below), so each function counts from its first call.
const coverage = await startPreciseCoverage();
const { startTracedApp, until } = await import('./support/trace-app');

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    files: { type: 'boolean', default: false },
    functions: { type: 'boolean', default: false },
    warmup: { type: 'string', default: '3' },
    // Long enough for what a webhook leaves running to settle; the database has no timer of its
    // own (a checkpoint comes only past 4 MiB of WAL: main/adapters/database/wal-file.ts).
    'quiet-ms': { type: 'string', default: '12000' },
  },
});
const WARMUP = Number(values.warmup);
const QUIET_MS = Number(values['quiet-ms']);
/** Idle windows after each event; each function's largest count in one of them is taken off. */
const IDLE_WINDOWS = 3;
const ROOT = resolve(import.meta.dirname, '..');
const appScript = projectScript(ROOT, ['main', 'shared']);

// The fake recorder's default: the poll's figures grow with the rooms it lists (each is read).
const ROOMS = 3;
const fakes = await startTraceFakes(ROOMS);
const app = await startTracedApp(fakes).catch(async (error: unknown) => {
  await fakes.close();
  throw error;
});
const work = resolve(app.dataDir, '..');
const strace = await attachSyncTrace(process.pid, join(work, 'syncs.strace'), work);
const syncs = 'absent' in strace ? undefined : strace;
const { harness } = app;
const [traced, goLiveRoom, warmLiveRoom] = fakes.rooms as [TraceRoom, TraceRoom, TraceRoom];

try {
  // The recorder names the app's URL, as it does once set up: while its settings do not, each
  // webhook has the app read them again (main/app/recorder-link.ts, webhookSeen).
  await fakes.addWebhook(harness.webhookUrl);
  await until(() => apiAnswers(harness.app.state().recorder.status), 'the first poll');
  await until(
    () =>
      harness.app.state().rooms.filter((room) => room.pictures?.face).length === fakes.rooms.length,
    "the rooms' pictures",
  );
  for (let i = 0; i < WARMUP; i++) await post(await app.fileClosed(fakes.rooms[1 + (i % 2)]!));
  await app.settle(QUIET_MS);
  const body = await app.fileClosed(traced); // built before the window: it uses shared/ code
  const fileClosed = await trace('fileclosed', () => post(body));
  // The app's view of the recorder made even with it (the rooms the FileClosed left recording)
  // by a poll that finds another room live; the go-live path is warm then too.
  await fakes.goLive(warmLiveRoom.roomId);
  await pollUntilShown();
  await app.settle(QUIET_MS);
  await fakes.goLive(goLiveRoom.roomId);
  const poll = await trace('poll', pollUntilShown);
  const report = traceReport(fileClosed, poll, {
    warmup: WARMUP,
    rooms: ROOMS,
    straceAbsent: 'absent' in strace ? strace.absent : undefined,
    listFiles: values.files,
    listFunctions: values.functions,
    idleWindows: IDLE_WINDOWS,
  });
  console.log([...report.lines, report.json].join('\n'));
  if (values.check && !report.met) process.exitCode = 1;
} finally {
  await syncs?.stop();
  await coverage.stop();
  await app.close();
  await fakes.close();
  await rm(work, { recursive: true, force: true });
}

/** Posts one webhook as the recorder does and waits for its effects (popup, file, marks). */
async function post(body: string): Promise<void> {
  const before = { shown: harness.shown.length, ...app.stored() };
  const answer = await fetch(harness.webhookUrl, {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/json' },
  });
  if (answer.status !== 204) throw new Error(`the webhook was answered ${answer.status}`);
  await until(() => {
    const now = app.stored();
    return (
      harness.shown.length > before.shown &&
      now.files > before.files &&
      now.notifications > before.notifications &&
      now.owed === 0 &&
      now.newestSeq > before.newestSeq &&
      now.processedThrough >= now.newestSeq &&
      app.syncsUnderWay() === 0
    );
  }, 'the FileClosed popup, its file listed, its marks');
}

/** One poll by the app's poller; waits until its go-live popup is up and marked shown. */
async function pollUntilShown(): Promise<void> {
  const before = { shown: harness.shown.length, ...app.stored() };
  harness.app.pollNow();
  await until(() => {
    const now = app.stored();
    return (
      harness.shown.length > before.shown &&
      now.notifications > before.notifications &&
      now.owed === 0 &&
      app.syncsUnderWay() === 0
    );
  }, 'the go-live popup, marked shown');
}

/** Traces `act` (it resolves once its effects are done), then IDLE_WINDOWS idle windows as long. */
async function trace(name: string, act: () => Promise<void>): Promise<TracedWindow> {
  await syncs?.mark(`${name}-begin`);
  await coverage.reset();
  const start = performance.now();
  await act();
  const event = await coverage.take();
  const ms = performance.now() - start;
  await syncs?.mark(`${name}-end`);
  await app.settle(QUIET_MS);
  await syncs?.mark(`${name}-idle-begin`);
  const idles = [];
  for (let i = 0; i < IDLE_WINDOWS; i++) {
    await coverage.reset();
    await new Promise((resolveIdle) => setTimeout(resolveIdle, ms));
    idles.push(await coverage.take());
  }
  await syncs?.mark(`${name}-idle-end`);
  const window = (prefix: string) => ({ begin: `${prefix}-begin`, end: `${prefix}-end` });
  return {
    ms,
    tally: tallyCoverage(event, idles, appScript),
    tallyOneIdle: tallyCoverage(event, idles.slice(0, 1), appScript),
    idleTally: tallyCoverage(idles[0]!, [], appScript),
    syncs: syncs?.syncsUnder(app.dataDir, window(name)),
    idleSyncs: syncs?.syncsUnder(app.dataDir, window(`${name}-idle`)),
  };
}
