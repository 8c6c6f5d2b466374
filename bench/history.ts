// Times the window's history queries over a full history (1,000 files, 1,000 notifications in
// the database, 5,000 events in memory), each next to a plain Array.filter doing the same job over
// the same data held in memory.
// Run: npm run bench:history
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { APP_MIGRATIONS } from '../main/adapters/database/app-migrations';
import { DatabaseHandle } from '../main/adapters/database/database-handle';
import { HistoryTables } from '../main/adapters/database/history-tables';
import { History } from '../main/core/history';
import { HISTORY_LIMITS, type HistoryFile, type HistoryNotification } from '../shared/history';
import type { EventLogEntry } from '../shared/model';

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

function event(i: number): EventLogEntry {
  const data = file(i);
  return {
    seq: i,
    receivedAt: 1_700_000_000_000 + i * 10_000,
    source: 'webhook',
    eventType: 'FileClosed',
    eventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    roomId: data.roomId,
    duplicate: false,
    userAgent: 'BililiveRecorder/2.11.1',
    body: {
      EventType: 'FileClosed',
      EventTimestamp: '2023-11-28T23:47:38.6967958+08:00',
      EventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      EventData: {
        SessionId: '0782fecf-d5ef-4fd8-ba06-6fc7217475f0',
        RelativePath: data.relativePath,
        FileSize: data.fileSize,
        Duration: 2918.672,
        RoomId: data.roomId,
        ShortId: 0,
        Name: data.name,
        Title: data.title,
        AreaNameParent: '手游',
        AreaNameChild: '王者荣耀',
      },
    },
  };
}

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const eventLog = new History();
const events: EventLogEntry[] = [];
for (let i = 0; i < HISTORY_LIMITS.events; i += 1) eventLog.addEvent(event(i));
gc?.();
const heapHistory = process.memoryUsage().heapUsed - heapBefore;
const dir = mkdtempSync(join(tmpdir(), 'bench-history-'));
const database = DatabaseHandle.open(dir, { migrations: APP_MIGRATIONS });
const history = new HistoryTables(database, { warn: console.warn });
for (let i = 0; i < HISTORY_LIMITS.files; i += 1) history.addFile(file(i));
for (let i = 0; i < HISTORY_LIMITS.notifications; i += 1) history.addNotification(notification(i));
await history.flush();
// The baselines get plain arrays of the same values.
const files: HistoryFile[] = history.list('files');
const notifications: HistoryNotification[] = history.list('notifications');
events.push(...eventLog.snapshot().events);

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
    'events: newest 50',
    20_000,
    () => eventLog.events({ limit: 50 }).items.length,
    () => newest(events.filter(() => true)).length,
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
    'events: by room (page + total)',
    2_000,
    () => eventLog.events({ roomId: room }).total,
    () => events.filter((e) => e.roomId === room).length,
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
    `events: text "${text}"`,
    300,
    () => eventLog.events({ text }).total,
    () =>
      events.filter((e) => textWords(`${e.eventType}\n${e.eventId}\n${JSON.stringify(e.body)}`))
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

console.log(
  `history: ${files.length} files, ${notifications.length} notifications (database), ${eventLog.sizes().events} events (memory)`,
);
console.log(
  `heap of the filled event log: ${(heapHistory / 1024 / 1024).toFixed(1)} MiB${gc ? '' : ' (approximate: run node with --expose-gc for an exact figure)'}`,
);
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
