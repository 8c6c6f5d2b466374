import { describe, expect, it } from 'vitest';
import {
  trayIcon,
  trayModel,
  trayTooltip,
  type TrayMenuItem,
  type TrayState,
} from '../../main/core/tray-model';
import { RecorderStatusKind } from '../../shared/app-state';
import type { RoomState } from '../../shared/model';
import { sampleRoom } from '../fakes/app-state-sample';

function state(overrides: Partial<TrayState> = {}): TrayState {
  return { rooms: [], recorderStatus: 'ok', paused: false, language: 'en', ...overrides };
}

function room(roomId: number, name: string, flags: Partial<RoomState> = {}): RoomState {
  return sampleRoom({ roomId, name, title: `${name}'s stream`, ...flags });
}

function find(items: readonly TrayMenuItem[], id: string): TrayMenuItem | undefined {
  for (const item of items) {
    if (item.type !== 'separator' && item.id === id) return item;
    if (item.type === 'submenu') {
      const found = find(item.items, id);
      if (found) return found;
    }
  }
  return undefined;
}

const live = room(1, 'Alice', { streaming: true });
const recording = room(2, 'Bob', { streaming: true, recording: true });
const idle = room(3, 'Carol');

describe('trayIcon', () => {
  it('is idle, live, recording or problem', () => {
    expect(trayIcon(state({ rooms: [idle] }))).toBe('idle');
    expect(trayIcon(state({ rooms: [idle, live] }))).toBe('live');
    expect(trayIcon(state({ rooms: [live, recording] }))).toBe('recording');
    expect(trayIcon(state({ rooms: [recording], recorderStatus: 'unreachable' }))).toBe('problem');
  });

  it('treats every failing recorder state as a problem, and "off" (webhooks only) as none', () => {
    const problems = RecorderStatusKind.options.filter((s) => s !== 'ok' && s !== 'off');
    expect(problems.length).toBeGreaterThan(0);
    for (const status of problems)
      expect(trayIcon(state({ recorderStatus: status }))).toBe('problem');
    expect(trayIcon(state({ recorderStatus: 'off', rooms: [live] }))).toBe('live');
  });
});

describe('trayTooltip', () => {
  it('lists recording and live rooms by name', () => {
    expect(trayTooltip(state({ rooms: [idle, live, recording] }))).toBe(
      'Recorder Tray\nRecording: Bob\nLive: Alice',
    );
    expect(trayTooltip(state({ rooms: [idle] }))).toBe('Recorder Tray\nNothing live or recording');
  });

  it('names another platform’s room with its platform, in the tray’s language', () => {
    const douyin = room(2 ** 50 + 7, 'Dora', {
      streaming: true,
      platform: 'douyin',
      platformRoom: '123456789',
    });
    expect(trayTooltip(state({ rooms: [douyin] }))).toBe('Recorder Tray\nLive: Douyin · Dora');
    expect(trayTooltip(state({ rooms: [douyin], language: 'zh-CN' }))).toBe(
      'Recorder Tray\n直播中：抖音 · Dora',
    );
  });

  it('speaks Chinese', () => {
    expect(
      trayTooltip(
        state({ language: 'zh-CN', rooms: [live, recording], recorderStatus: 'unauthorized' }),
      ),
    ).toBe('Recorder Tray\n录播姬拒绝了用户名或密码\n录制中：Bob\n直播中：Alice');
  });

  it('says when the data folder cannot be written (a full disk), with the problem icon', () => {
    const troubled = state({ rooms: [live], storageTrouble: true });
    expect(trayTooltip(troubled)).toBe(
      'Recorder Tray\n⚠ Cannot write the data folder (disk full?); retrying\nLive: Alice',
    );
    expect(trayIcon(troubled)).toBe('problem');
    expect(trayIcon(state({ rooms: [live] }))).toBe('live');
  });

  it('says when notifications are paused', () => {
    expect(trayTooltip(state({ paused: true }))).toBe(
      'Recorder Tray\nNotifications paused\nNothing live or recording',
    );
  });

  it('fits 127 characters with many rooms and keeps the count honest', () => {
    const rooms = Array.from({ length: 60 }, (_, i) =>
      room(100 + i, `Streamer number ${String(i).padStart(2, '0')}`, {
        streaming: true,
        recording: i < 30,
      }),
    );
    const tooltip = trayTooltip(state({ rooms }));
    expect(Array.from(tooltip).length).toBeLessThanOrEqual(127);
    expect(tooltip).toMatch(
      /^Recorder Tray\nRecording: Streamer number 00.*\+\d+ more\nLive: .*\+\d+ more$/s,
    );
    const hiddenRecording = Number(/Recording: .*\+(\d+) more/.exec(tooltip)?.[1]);
    const shownRecording = (/Recording: (.*) \+/.exec(tooltip)?.[1] ?? '').split(', ').length;
    expect(hiddenRecording + shownRecording).toBe(30);
  });

  it('never splits an emoji and cuts even a single huge name', () => {
    const rooms = [room(1, '🎮'.repeat(200), { streaming: true })];
    const tooltip = trayTooltip(state({ rooms }), 40);
    expect(Array.from(tooltip).length).toBeLessThanOrEqual(40);
    expect(tooltip).not.toMatch(/\uD83C(?!\uDFAE)/);
  });
});

describe('trayModel', () => {
  it('has the menu docs/user-guide.md describes, with action ids only', () => {
    const model = trayModel(state({ rooms: [live] }));
    expect(model.menu.map((item) => (item.type === 'separator' ? '---' : item.id))).toEqual([
      'open-window',
      'live-rooms',
      'pause',
      '---',
      'recorder-ui',
      'recorder-api',
      'logs',
      '---',
      'quit',
    ]);
    expect(JSON.parse(JSON.stringify(model))).toEqual(model); // plain data: no functions
  });

  it('lists live rooms, each opening its live page', () => {
    const model = trayModel(state({ rooms: [recording, idle, live] }));
    const submenu = find(model.menu, 'live-rooms');
    expect(submenu).toMatchObject({ type: 'submenu', label: 'Live rooms (2)' });
    expect(submenu?.type === 'submenu' && submenu.items).toEqual([
      {
        type: 'item',
        id: 'live-room-1',
        label: "Alice — Alice's stream",
        enabled: true,
        action: { kind: 'openLiveRoom', roomId: 1 },
      },
      {
        type: 'item',
        id: 'live-room-2',
        label: "Bob — Bob's stream",
        enabled: true,
        action: { kind: 'openLiveRoom', roomId: 2 },
      },
    ]);
  });

  it('says so when no room is live, and caps a long list with a way to the window', () => {
    const none = find(trayModel(state()).menu, 'live-rooms');
    expect(none?.type === 'submenu' && none.items).toEqual([
      { type: 'label', id: 'no-live-rooms', label: 'No room is live' },
    ]);
    const rooms = Array.from({ length: 25 }, (_, i) =>
      room(i + 1, `R${String(i).padStart(2, '0')}`, { streaming: true }),
    );
    const many = find(trayModel(state({ rooms })).menu, 'live-rooms');
    expect(many?.type === 'submenu' && many.items.length).toBe(21);
    expect(find(trayModel(state({ rooms })).menu, 'more-live-rooms')).toMatchObject({
      label: '5 more…',
      action: { kind: 'openWindow' },
    });
  });

  it('offers resume only while paused', () => {
    expect(find(trayModel(state()).menu, 'resume')).toMatchObject({ enabled: false });
    expect(find(trayModel(state({ paused: true })).menu, 'resume')).toMatchObject({
      enabled: true,
      action: { kind: 'resume' },
    });
    expect(find(trayModel(state()).menu, 'pause-tomorrow')).toMatchObject({
      action: { kind: 'pause', until: 'tomorrow' },
    });
    expect(find(trayModel(state({ paused: true })).menu, 'pause')).toMatchObject({
      label: 'Notifications paused',
    });
  });

  it('greys out the recorder pages when no recorder is configured', () => {
    expect(find(trayModel(state({ recorderStatus: 'off' })).menu, 'recorder-ui')).toMatchObject({
      enabled: false,
    });
    expect(
      find(trayModel(state({ recorderStatus: 'unreachable' })).menu, 'recorder-api'),
    ).toMatchObject({
      enabled: true,
      action: { kind: 'openRecorderApi' },
    });
  });

  it('translates the menu', () => {
    const zh = trayModel(state({ language: 'zh-CN' }));
    expect(find(zh.menu, 'open-window')).toMatchObject({ label: '打开窗口' });
    expect(find(zh.menu, 'quit')).toMatchObject({ label: '退出' });
  });

  it('shortens long titles in menu labels', () => {
    const rooms = [room(9, 'Dan', { streaming: true, title: 'x'.repeat(300) })];
    const item = find(trayModel(state({ rooms })).menu, 'live-room-9');
    expect(item?.type === 'item' && Array.from(item.label).length).toBe(48);
  });
});
