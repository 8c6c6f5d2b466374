// Start-up cost of recovering a journal of 10,000 entries that a crash left unprocessed, against
// a start-up over the same journal with nothing to recover (the processed mark at its end), in
// the same run: the app object built and started as a host does, on real files. The entries are
// an hour old, so the happenings are recorded as missed with one summary popup.
// Run: npm run bench:recovery
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LEGACY_JOURNAL_FILES } from '../main/adapters/database/legacy-import';
import { SettingsStore } from '../main/adapters/settings-store';
import { createApp } from '../main/app/create-app';
import { popupSink } from '../main/app/sinks';
import { liveSession } from '../test/helpers/recorder-events';
import { RecorderSetting } from '../shared/settings';

const ENTRIES = 10_000;
const RUNS = 3;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** A journal of ENTRIES real-format webhooks: live streams of three files each, an hour old. */
function journalText(): string {
  const lines: string[] = [];
  const receivedAt = Date.now() - 3_600_000;
  for (let room = 0; lines.length < ENTRIES; room += 1) {
    for (const body of liveSession({ roomId: 21_000_000 + room, name: `主播${room}` }, 3)) {
      if (lines.length === ENTRIES) break;
      const seq = lines.length + 1;
      lines.push(JSON.stringify({ seq, receivedAt: receivedAt + seq, source: 'webhook', body }));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Milliseconds from nothing to a started app over this journal and mark, and what it popped up. */
async function startUp(
  journal: string,
  throughSeq: number,
): Promise<{ ms: number; popups: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-recovery-'));
  await writeFile(join(dataDir, 'journal.jsonl'), journal);
  await writeFile(
    join(dataDir, LEGACY_JOURNAL_FILES.processedMark),
    JSON.stringify({ throughSeq }),
  );
  const store = await SettingsStore.open({ dir: dataDir, log: silent });
  await store.update({
    listener: { port: 0 },
    recorders: [RecorderSetting.parse({ id: 'default', url: '' })],
    language: 'en',
    // No bench reaches bilibili: no picture is asked for.
    pictures: { enabled: false },
  });
  let popups = 0;
  const begin = performance.now();
  const app = await createApp({
    dataDir,
    info: { version: 'bench', platform: process.platform, logsDir: dataDir },
    log: silent,
    store,
    popups: popupSink(() => (popups += 1)),
    shell: { openExternal: async () => {}, openPath: async () => '', showItemInFolder: () => {} },
    openWindow: () => {},
  });
  await app.start();
  const ms = performance.now() - begin;
  await app.stop();
  await rm(dataDir, { recursive: true, force: true });
  return { ms, popups };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const journal = journalText();
const nothing: number[] = [];
const recover: number[] = [];
let popups = 0;
for (let run = 0; run < RUNS; run += 1) {
  // Alternated, so that the machine's drift falls on both alike.
  nothing.push((await startUp(journal, ENTRIES)).ms);
  const recovered = await startUp(journal, 0);
  recover.push(recovered.ms);
  popups = recovered.popups;
}
console.log(
  JSON.stringify({
    bench: 'recovery',
    entries: ENTRIES,
    runs: RUNS,
    nothingToRecoverMs: Math.round(median(nothing)),
    recoverAllMs: Math.round(median(recover)),
    extraMs: Math.round(median(recover) - median(nothing)),
    popupsAfterRecovery: popups,
    node: process.version,
  }),
);
