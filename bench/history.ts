// Times the window's history queries over a full history (1,000 files, 1,000 notifications in
// the database), each next to a plain Array.filter doing the same job over the same data held in
// memory (the event log's queries: bench/event-log.ts).
// Run: npm run bench:history
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { APP_MIGRATIONS } from '../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../main/adapters/database/database-handle';
import { HistoryTables } from '../main/adapters/database/history-tables';
import { HISTORY_LIMITS, type HistoryFile, type HistoryNotification } from '../shared/history';

const ROOMS = 40;
const roomOf = (i: number) => 21_000_000 + (i % ROOMS) * 7919;
const titles = [
  '【歌回】深夜:点歌?',
  '崩铁启动',
  '赢一把就下播',
  'Minecraft 生存 Day 12',
  '杂谈 🎉 生日会',
];

function file(i: number): HistoryFile {
  const relativePath = `${roomOf(i)}-主播${i % ROOMS}/录制-${roomOf(i)}-20240317-${String(i).padStart(6, '0')}-677-${titles[i % titles.length]}.flv`;
  return {
    roomId: roomOf(i),
    relativePath,
    resolvedPath: `/mnt/nas/rec/${relativePath}`,
    name: `主播${i % ROOMS}`,
    title: titles[i % titles.length]!,
    fileSize: 400_000_000 + i,
    durationSeconds: 2918.672,
    openedAt: '2023-11-28T22:59:09.420622+08:00',
    closedAt: '2023-11-28T23:47:38.6967773+08:00',
    finished: true,
    finishedAt: 1_700_000_000_000 + i * 60_000,
  };
}

function notification(i: number): HistoryNotification {
  return {
    notification: {
      id: `n-${i}`,
      event: i % 2 ? 'StreamStarted' : 'FileClosed',
      roomIds: [roomOf(i)],
      title: `主播${i % ROOMS} 开播了`,
      body: `${titles[i % titles.length]} · 电台 / 唱见电台`,
      action: { kind: 'openUrl', url: `https://live.bilibili.com/${roomOf(i)}` },
      createdAt: 1_700_000_000_000 + i * 60_000,
    },
    decision: i % 5 ? { shown: true } : { shown: false, reason: 'paused' },
    read: i % 3 === 0,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-history-'));
const database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
const history = new HistoryTables(database, { warn: console.warn });
for (let i = 0; i < HISTORY_LIMITS.files; i += 1) history.addFile(file(i));
for (let i = 0; i < HISTORY_LIMITS.notifications; i += 1) history.addNotification(notification(i));
await history.flush();
// The baselines get plain arrays of the same values.
const files: HistoryFile[] = history.list('files');
const notifications: HistoryNotification[] = history.list('notifications');

let sink = 0; // keeps the optimiser from dropping the work
function time(runs: number, job: () => number): number {
  for (let i = 0; i < Math.min(200, runs); i += 1) sink += job(); // warm-up
  const start = performance.now();
  for (let i = 0; i < runs; i += 1) sink += job();
  return ((performance.now() - start) * 1000) / runs; // µs per query
}
const newest = <T>(list: T[], limit = 50) => list.slice(-limit).reverse();
const room = roomOf(7);
const text = '崩铁';
const textWords = (key: string) => key.toLowerCase().includes(text);

const rows: [string, number, () => number, () => number][] = [
  [
    'files: newest 50',
    20_000,
    () => history.files({ limit: 50 }).items.length,
    () => newest(files.filter(() => true)).length,
  ],
  [
    'notifications: newest 50',
    20_000,
    () => history.notifications({ limit: 50 }).items.length,
    () => newest(notifications.filter(() => true)).length,
  ],
  [
    'files: by room (page + total)',
    5_000,
    () => history.files({ roomId: room }).total,
    () => files.filter((f) => f.roomId === room).length,
  ],
  [
    `files: text "${text}"`,
    2_000,
    () => history.files({ text }).total,
    () =>
      files.filter((f) => textWords(`${f.name}\n${f.title}\n${f.relativePath}\n${f.resolvedPath}`))
        .length,
  ],
  [
    `notifications: text "${text}", page 2`,
    2_000,
    () => history.notifications({ text, offset: 50 }).total,
    () =>
      notifications
        .filter((n) => textWords(`${n.notification.title}\n${n.notification.body}`))
        .slice(50, 100).length,
  ],
  [
    'unread count',
    100_000,
    () => history.unreadCount(),
    () => notifications.filter((n) => !n.read).length,
  ],
];

console.log(`history: ${files.length} files, ${notifications.length} notifications (database)`);
console.log('');
console.log(
  `${'query'.padEnd(40)}${'store µs'.padStart(12)}${'Array.filter µs'.padStart(18)}${'runs'.padStart(9)}`,
);
for (const [name, runs, model, baseline] of rows) {
  const modelUs = time(runs, model);
  const baselineUs = time(runs, baseline);
  console.log(
    `${name.padEnd(40)}${modelUs.toFixed(2).padStart(12)}${baselineUs.toFixed(2).padStart(18)}${String(runs).padStart(9)}`,
  );
}
if (sink === -1) console.log(sink);
await history.close();
database.close();
rmSync(dir, { recursive: true, force: true });
