import { describe, expect, it, vi } from 'vitest';
import { trayModel, type TrayMenuItem, type TrayState } from '../../main/core/tray-model';
import { createTrayActions } from '../../main/electron/tray-actions';
import { trayStateOf } from '../../main/electron/tray-state';
import { sampleAppState, sampleRoom } from '../fakes/app-state-sample';
import { memoryLogger } from '../fakes/silent-logger';

const live = sampleRoom({ roomId: 2, name: 'Bob', title: 't', streaming: true, recording: false });
const recording = sampleRoom({ roomId: 1, name: 'Alice', streaming: true, recording: true });

function liveItems(state: Partial<TrayState>): TrayMenuItem[] {
  const model = trayModel({
    rooms: [recording, live],
    recorderStatus: 'ok',
    paused: false,
    language: 'en',
    ...state,
  });
  const submenu = model.menu.find((item) => item.type === 'submenu' && item.id === 'live-rooms');
  return submenu?.type === 'submenu' ? submenu.items : [];
}

describe('the tray offers "Record" for live rooms that do not record', () => {
  it('while the recorder’s API answers, one item per such room, after the live rooms', () => {
    const items = liveItems({ canRecord: true });
    expect(items.map((i) => (i.type === 'separator' ? '---' : i.id))).toEqual([
      'live-room-1',
      'live-room-2',
      '---',
      'record-room-2',
    ]);
    expect(items[3]).toEqual({
      type: 'item',
      id: 'record-room-2',
      label: 'Record: Bob',
      enabled: true,
      action: { kind: 'recordRoom', roomId: 2 },
    });
    const zh = liveItems({ canRecord: true, language: 'zh-CN' });
    expect(zh[3]).toMatchObject({ label: '录这场：Bob' });
  });

  it('not without a working API', () => {
    expect(liveItems({}).map((i) => (i.type === 'separator' ? '---' : i.id))).toEqual([
      'live-room-1',
      'live-room-2',
    ]);
    const base = sampleAppState();
    expect(
      trayStateOf({ ...base, recorder: { status: 'unauthorized', message: '' } }, 0).canRecord,
    ).toBe(false);
    expect(trayStateOf({ ...base, recorder: { status: 'ok', message: '' } }, 0).canRecord).toBe(
      true,
    );
  });

  it("by the recorder's kind: blrec and bililive-go with an address, never DDTV or biliLive-tools", () => {
    const base = sampleAppState();
    const one = (kind: 'blrec' | 'ddtv' | 'bililive-go' | 'bililive-tools', url: string) =>
      trayStateOf(
        {
          ...base,
          recorder: { status: 'off', message: '' },
          recorders: [{ ...base.recorders[0]!, kind, url, status: 'off' }],
        },
        0,
      ).canRecord;
    expect(one('blrec', 'http://127.0.0.1:2233')).toBe(true);
    expect(one('bililive-go', 'http://127.0.0.1:8080')).toBe(true);
    expect(one('blrec', '')).toBe(false);
    expect(one('ddtv', 'http://127.0.0.1:11419')).toBe(false);
    expect(one('bililive-tools', 'http://127.0.0.1:18010')).toBe(false);
    const two = trayStateOf(
      {
        ...base,
        recorders: [
          { ...base.recorders[0]!, id: 'a', kind: 'ddtv', status: 'off' },
          { ...base.recorders[0]!, id: 'b', kind: 'blrec', status: 'off' },
        ],
      },
      0,
    );
    expect(two.recorders?.map((r) => r.startsRooms)).toEqual([false, true]);
  });

  it('the item starts recording through room:command; a refusal is logged in its words', async () => {
    const log = memoryLogger();
    const command = vi.fn(async () => ({ ok: false, message: 'The recorder has no room 2.' }));
    const actions = createTrayActions({
      handlers: {
        'notifications:pause': async () => ({ pausedUntil: null }),
        'notifications:quietUntil': async () => ({ quietUntil: null }),
        'link:open': async () => ({ ok: true }),
        'room:command': command,
      },
      runAction: async () => true,
      shell: { openPath: async () => '' },
      logsDir: '/logs',
      showWindow: () => {},
      quit: async () => {},
      log,
    });
    await actions.recordRoom({ kind: 'recordRoom', roomId: 2 });
    expect(command).toHaveBeenCalledWith({ roomId: 2, command: 'start' });
    expect(log.lines.join('\n')).toContain('tray: record room 2: The recorder has no room 2.');
  });
});
