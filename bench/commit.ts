/**
 * `npm run bench:commit [-- <slow-folder>]`: how long one group commit of the deliveries journal
 * holds the main thread (better-sqlite3 is synchronous: BEGIN, the inserts, the COMMIT with the
 * WAL's fsync), on this machine's temp folder and, when a folder is given, on a slow disk. The
 * issue's slow disk: a loop device whose writes are throttled by the blkio cgroup (as root:
 * `truncate -s 200M slow.img; losetup -f --show slow.img; mkfs.ext4 /dev/loopN; mount it;
 * echo "7:N 50" > /sys/fs/cgroup/blkio/blkio.throttle.write_iops_device`), about 100 ms per
 * fdatasync. A commit longer than a frame (16 ms) stalls the desktop's main process that long.
 * Deliveries come in bursts of BURST per event-loop turn, as a recorder's do under load, and
 * each burst waits for its commit; the figures are per commit.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { APP_MIGRATIONS } from '../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../main/adapters/database/database-handle';
import { Deliveries } from '../main/adapters/database/deliveries';
import { fixtureText } from '../test/helpers/fixtures';

const COMMITS = 200;
const BURST = 8;
const BODY = fixtureText('synthesized/webhook-v2-FileClosed.json');

async function commitTimes(parent: string): Promise<number[]> {
  const dir = await mkdtemp(join(parent, 'bench-commit-'));
  const database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
  const deliveries = new Deliveries(database);
  const times: number[] = [];
  database.observeCommits((report) => times.push(report.ms));
  let seq = 0;
  try {
    for (let i = 0; i < COMMITS; i += 1) {
      const burst = Array.from({ length: BURST }, () => {
        seq += 1;
        const bytes = Buffer.from(BODY.replace(/"EventId":"[^"]+"/, `"EventId":"bench-${seq}"`));
        return deliveries.append(
          { seq, receivedAt: Date.now(), source: 'webhook', body: null },
          `bench-${seq}`,
          bytes,
        );
      });
      await Promise.all(burst);
    }
  } finally {
    database.close();
    await rm(dir, { recursive: true, force: true });
  }
  return times;
}

function summary(name: string, times: number[]): Record<string, number | string> {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const r = (n: number) => Math.round(n * 100) / 100;
  return {
    disk: name,
    commits: sorted.length,
    p50Ms: r(at(0.5)),
    p99Ms: r(at(0.99)),
    maxMs: r(sorted.at(-1)!),
    over16Ms: sorted.filter((t) => t > 16).length,
  };
}

const rows = [summary(`temp folder (${os.tmpdir()})`, await commitTimes(os.tmpdir()))];
const slow = process.argv[2];
if (slow) rows.push(summary(`slow disk (${slow})`, await commitTimes(slow)));
console.log(`\ngroup commit of ${BURST} deliveries, ${COMMITS} times: ms the main thread is held`);
for (const row of rows)
  console.log(
    `  ${String(row.disk).padEnd(44)} p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, max ${row.maxMs} ms, over 16 ms: ${row.over16Ms}`,
  );
console.log(JSON.stringify({ bench: 'commit', burst: BURST, rows }));
