import { describe, expect, test } from 'vitest';
import { History, initialReadState } from '../../main/core/history';
import {
  HISTORY_LIMITS,
  HistoryFile,
  HistoryNotification,
  HistoryQuery,
  NotificationDecision,
} from '../../shared/history';
import { makeFile, makeNotification } from '../fakes/history-records';

describe('History bounds', () => {
  test('keeps the newest 1,000 files and 1,000 notifications', () => {
    const history = new History();
    for (let i = 0; i < 1200; i += 1) history.addFile(makeFile(i));
    for (let i = 0; i < 1100; i += 1) history.addNotification(makeNotification(i));
    expect(history.sizes()).toEqual({
      files: HISTORY_LIMITS.files,
      notifications: HISTORY_LIMITS.notifications,
    });
    expect(history.files({ limit: 1 }).items[0]?.relativePath).toBe(makeFile(1199).relativePath);
    expect(history.snapshot().files[0]?.relativePath).toBe(makeFile(200).relativePath);
  });

  test('the unread count follows entries that fall off the end', () => {
    const history = new History({ files: 1, notifications: 3, events: 1 });
    for (let i = 0; i < 3; i += 1) history.addNotification(makeNotification(i));
    expect(history.unreadCount()).toBe(3);
    history.addNotification(makeNotification(3, { read: true }));
    expect(history.unreadCount()).toBe(2);
    history.addNotification(makeNotification(4, { read: true }));
    history.addNotification(makeNotification(5, { read: true }));
    expect(history.unreadCount()).toBe(0);
  });
});

describe('History reads', () => {
  test('mark one read, mark all read', () => {
    const history = new History();
    for (let i = 0; i < 5; i += 1) history.addNotification(makeNotification(i));
    expect(history.markRead('n-2')).toBe(true);
    expect(history.markRead('n-2')).toBe(false);
    expect(history.markRead('nope')).toBe(false);
    expect(history.unreadCount()).toBe(4);
    expect(history.notifications({ unreadOnly: true }).total).toBe(4);
    expect(history.markAllRead()).toBe(4);
    expect(history.unreadCount()).toBe(0);
    expect(history.markAllRead()).toBe(0);
  });

  test('a returned page does not change when entries are marked read later', () => {
    const history = new History();
    history.addNotification(makeNotification(0));
    const before = history.notifications().items[0];
    history.markAllRead();
    expect(before?.read).toBe(false);
    expect(history.notifications().items[0]?.read).toBe(true);
  });

  test.each<[NotificationDecision, boolean]>([
    [{ shown: true }, false],
    [{ shown: false, reason: 'paused' }, false],
    [{ shown: false, reason: 'muted' }, true],
    [{ shown: false, reason: 'disabled' }, true],
    [{ shown: false, reason: 'grouped', summaryId: 's-1' }, true],
    [{ shown: false, reason: 'flapping' }, true],
    [{ shown: false, reason: 'baseline' }, true],
  ])('initial read state of %j is %s', (decision, read) => {
    expect(initialReadState(decision)).toBe(read);
  });
});

describe('History queries', () => {
  const history = new History();
  for (let i = 0; i < 30; i += 1) {
    history.addFile(makeFile(i));
    history.addNotification(makeNotification(i));
  }

  test('newest N with offset pages through the list', () => {
    const first = history.files({ limit: 10 });
    const second = history.files({ limit: 10, offset: 10 });
    const last = history.files({ limit: 10, offset: 25 });
    expect(first.total).toBe(30);
    expect(first.items.map((f) => f.finishedAt)).toEqual(
      [29, 28, 27, 26, 25, 24, 23, 22, 21, 20].map((n) => n * 1000),
    );
    expect(second.items[0]?.finishedAt).toBe(19_000);
    expect(last.items).toHaveLength(5);
    expect(history.files({ offset: 30 }).items).toEqual([]);
  });

  test('by room, in every list', () => {
    // makeFile/makeNotification spread entries over rooms 100, 101, 102.
    const files = history.files({ roomId: 101 });
    expect(files.total).toBe(10);
    expect(files.items.every((f) => f.roomId === 101)).toBe(true);
    expect(history.notifications({ roomId: 102 }).total).toBe(10);
  });

  test('case-insensitive text over name, title and path', () => {
    expect(history.files({ text: 'STREAMER-7' }).items.map((f) => f.finishedAt)).toEqual([7000]);
    expect(history.files({ text: '歌回' }).total).toBe(30);
    expect(history.files({ text: 'file-0012.FLV' }).total).toBe(1);
    expect(history.files({ text: '/rec/' }).total).toBe(30); // resolvedPath
    expect(history.files({ text: '歌回 streamer-1' }).total).toBe(11); // streamer-1, -10 … -19
    expect(history.files({ text: '   ' }).total).toBe(30);
    expect(history.notifications({ text: 'STREAMER-3 开播' }).total).toBe(1);
    expect(history.notifications({ text: 'live.bilibili.com/101' }).total).toBe(10); // action URL
  });

  test('filters combine, and total counts every match', () => {
    const page = history.files({ roomId: 100, text: 'streamer-2', limit: 1 });
    expect(page.total).toBe(3); // streamer-21, -24 and -27 are in room 100
    expect(page.items.map((f) => f.finishedAt)).toEqual([27_000]);
  });
});

describe('shared history schemas', () => {
  test('the fake records are valid', () => {
    expect(HistoryFile.safeParse(makeFile(1)).success).toBe(true);
    expect(HistoryNotification.safeParse(makeNotification(1)).success).toBe(true);
  });

  test('a suppressed decision needs a known reason', () => {
    expect(NotificationDecision.safeParse({ shown: false, reason: 'bored' }).success).toBe(false);
    expect(
      NotificationDecision.safeParse({ shown: false, reason: 'grouped', summaryId: 'x' }).success,
    ).toBe(true);
  });

  test('the query applies defaults and refuses nonsense', () => {
    expect(HistoryQuery.parse({})).toEqual({ limit: 50, offset: 0 });
    expect(HistoryQuery.safeParse({ limit: 0 }).success).toBe(false);
    expect(HistoryQuery.safeParse({ offset: -1 }).success).toBe(false);
    expect(HistoryQuery.safeParse({ text: 'x'.repeat(201) }).success).toBe(false);
  });
});

describe('History lists far past their bound', () => {
  test('after thousands of adds each list holds the newest, in order, with the right counts', () => {
    const history = new History({ files: 3, notifications: 4, events: 5 });
    for (let i = 0; i < 3000; i += 1) {
      history.addFile(makeFile(i));
      history.addNotification(makeNotification(i, { read: i % 2 === 0 }));
    }
    expect(history.sizes()).toEqual({ files: 3, notifications: 4 });
    expect(history.files().items.map((f) => f.finishedAt)).toEqual([2999_000, 2998_000, 2997_000]);
    expect(history.notifications().items.map((n) => n.notification.id)).toEqual([
      'n-2999',
      'n-2998',
      'n-2997',
      'n-2996',
    ]);
    expect(history.unreadCount()).toBe(2);
    expect(history.markAllRead()).toBe(2);
  });
});

describe('History files by the time they were recorded', () => {
  test('finds every file of a day range, however many newer files there are, by its own close time', () => {
    const history = new History({ files: 1000, notifications: 10, events: 10 });
    const day = (n: number) => `2024-03-${String(n).padStart(2, '0')}T12:00:00+08:00`;
    // 300 files of March 10th, then 600 newer ones of March 12th (the window pages 50 at a time).
    for (let i = 0; i < 300; i += 1) history.addFile(makeFile(i, { closedAt: day(10) }));
    for (let i = 300; i < 900; i += 1) history.addFile(makeFile(i, { closedAt: day(12) }));
    const march10 = Date.parse('2024-03-10T00:00:00+08:00');
    const march11 = Date.parse('2024-03-11T00:00:00+08:00');
    const page = history.files({ recordedFrom: march10, recordedBefore: march11, limit: 50 });
    expect(page.total).toBe(300);
    expect(page.items.every((file) => file.closedAt === day(10))).toBe(true);
    // Without its own close time, a file is placed at when the app heard of it.
    history.addFile(makeFile(900, { closedAt: undefined, finishedAt: march10 + 1 }));
    expect(history.files({ recordedFrom: march10, recordedBefore: march11 }).total).toBe(301);
  });
});
