import type { HistoryFile, HistoryNotification } from '../../shared/history';
import type { EventLogEntry } from '../../shared/model';

// Deterministic history records for tests and the benchmark: entry i belongs to room 100 + i % 3,
// streamer `streamer-i`, file `file-000i.flv`, and happened at i seconds.

const roomOf = (i: number) => 100 + (i % 3);
const fileName = (i: number) =>
  `录制-${roomOf(i)}-20240317-203703-677-【歌回】深夜:点歌?-file-${String(i).padStart(4, '0')}.flv`;
const relativePath = (i: number) => `${roomOf(i)}-streamer-${i}/${fileName(i)}`;

/** A finished file numbered i. */
export function makeFile(i: number, overrides: Partial<HistoryFile> = {}): HistoryFile {
  return {
    roomId: roomOf(i),
    sessionId: `session-${i}`,
    relativePath: relativePath(i),
    name: `streamer-${i}`,
    title: '【歌回】深夜:点歌?',
    fileSize: 477_676_836 + i,
    durationSeconds: 2918.672,
    openedAt: '2023-11-28T22:59:09.420622+08:00',
    closedAt: '2023-11-28T23:47:38.6967773+08:00',
    finished: true,
    resolvedPath: `/rec/${relativePath(i)}`,
    finishedAt: i * 1000,
    ...overrides,
  };
}

/** A shown, unread go-live notification numbered i (id `n-i`). */
export function makeNotification(
  i: number,
  overrides: Partial<HistoryNotification> = {},
): HistoryNotification {
  return {
    notification: {
      id: `n-${i}`,
      event: 'StreamStarted',
      roomIds: [roomOf(i)],
      title: `streamer-${i} 开播了`,
      body: '【歌回】深夜:点歌? · 电台 / 唱见电台',
      action: { kind: 'openUrl', url: `https://live.bilibili.com/${roomOf(i)}` },
      createdAt: i * 1000,
    },
    decision: { shown: true },
    read: false,
    ...overrides,
  };
}

/** A raw FileClosed event with sequence number i. */
export function makeEvent(i: number): EventLogEntry {
  return {
    entryId: i,
    receivedAt: i * 1000,
    source: 'webhook',
    eventType: 'FileClosed',
    eventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    roomId: roomOf(i),
    duplicate: false,
    userAgent: 'BililiveRecorder/2.11.1',
    body: {
      EventType: 'FileClosed',
      EventData: {
        RoomId: roomOf(i),
        Name: `streamer-${i}`,
        Title: '【歌回】深夜:点歌?',
        RelativePath: relativePath(i),
      },
    },
  };
}
