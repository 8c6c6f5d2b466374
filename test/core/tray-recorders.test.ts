import { describe, expect, it } from 'vitest';
import {
  trayModel,
  trayTooltip,
  type TrayMenuItem,
  type TrayState,
} from '../../main/core/tray-model';
import type { RoomState } from '../../shared/model';
import { sampleRoom } from '../fakes/app-state-sample';

const RECORDERS = [
  { id: 'default', name: 'PC', status: 'ok' as const },
  { id: 'nas', name: 'NAS', status: 'unreachable' as const },
];

function state(overrides: Partial<TrayState> = {}): TrayState {
  return {
    rooms: [],
    recorderStatus: 'unreachable',
    paused: false,
    language: 'en',
    canRecord: true,
    recorders: RECORDERS,
    ...overrides,
  };
}

function room(recorderId: string, flags: Partial<RoomState> = {}): RoomState {
  return sampleRoom({ roomId: 7, name: 'Alice', title: 'hi', recorderId, ...flags });
}

function ids(items: readonly TrayMenuItem[]): string[] {
  return items.flatMap((item) =>
    item.type === 'separator' ? [] : [item.id, ...(item.type === 'submenu' ? ids(item.items) : [])],
  );
}

describe('the tray with several recorders', () => {
  it('names the recorder that is down in the tooltip and the menu', () => {
    expect(trayTooltip(state()).split('\n')[1]).toBe('NAS: unreachable');
    expect(trayTooltip(state({ language: 'zh-CN' })).split('\n')[1]).toBe('NAS：连不上');
    const menu = trayModel(state()).menu;
    expect(menu[1]).toEqual({ type: 'label', id: 'recorder-down-0', label: 'NAS: unreachable' });
  });

  it('says nothing of recorders when all are up, nor with one recorder', () => {
    const up = state({
      recorderStatus: 'ok',
      recorders: [RECORDERS[0]!, { ...RECORDERS[1]!, status: 'ok' }],
    });
    expect(trayTooltip(up)).not.toContain('PC');
    expect(ids(trayModel(up).menu).some((id) => id.startsWith('recorder-down'))).toBe(false);
    const one = state({ recorders: [RECORDERS[1]!] });
    expect(trayTooltip(one).split('\n')[1]).toBe('Recorder unreachable');
  });

  it('lists a room live on two recorders once, and offers Record on the recorder that answers', () => {
    const rooms = [room('default', { streaming: true }), room('nas', { streaming: true })];
    const menu = trayModel(state({ rooms })).menu;
    const found = ids(menu);
    expect(found.filter((id) => id.startsWith('live-room-'))).toEqual(['live-room-7']);
    expect(found.filter((id) => id.startsWith('record-room-'))).toEqual(['record-room-default-7']);
    const live = menu.find((item) => item.type === 'submenu' && item.id === 'live-rooms');
    const record =
      live?.type === 'submenu'
        ? live.items.find((i) => i.type === 'item' && i.id === 'record-room-default-7')
        : undefined;
    expect(record).toMatchObject({
      label: 'Record: Alice (PC)',
      action: { kind: 'recordRoom', roomId: 7, recorderId: 'default' },
    });
    expect(trayTooltip(state({ rooms }))).toContain('Live: Alice');
    expect(trayTooltip(state({ rooms }))).not.toContain('Alice, Alice');
  });
});
