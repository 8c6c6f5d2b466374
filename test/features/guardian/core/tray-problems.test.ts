import { describe, expect, it } from 'vitest';
import { TOOLTIP_MAX_LENGTH, trayModel, type TrayState } from '../../../../main/core/tray-model';
import type { RoomState } from '../../../../shared/model';

const room = (roomId: number, name: string, recording = true): RoomState => ({
  roomId,
  shortId: 0,
  name,
  title: '标题',
  areaNameParent: '',
  areaNameChild: '',
  streaming: true,
  recording,
  danmakuConnected: true,
  updatedAt: 0,
});

const base = (over: Partial<TrayState> = {}): TrayState => ({
  rooms: [room(23058, '3号直播间'), room(7, '小猫酱', false)],
  recorderStatus: 'ok',
  paused: false,
  language: 'en',
  ...over,
});

describe('tray: the recording guardian’s problems', () => {
  it('shows the problem light while any episode is open, and not without one', () => {
    expect(trayModel(base()).icon).toBe('recording');
    const model = trayModel(base({ problems: [{ roomId: 23058, code: 'stalled', since: 1 }] }));
    expect(model.icon).toBe('problem');
  });

  it('lists problems in the tooltip and first in the menu, each opening the window', () => {
    const model = trayModel(
      base({
        problems: [
          { roomId: 23058, code: 'stalled', since: 1 },
          { code: 'disk-low', since: 2, facts: { freeBytes: 1 } },
        ],
      }),
    );
    // Cut to fit: the menu has the whole list.
    expect(model.tooltip.split('\n')[1]).toMatch(
      /^⚠ 2 recording problems: 3号直播间 — Recording stalled.*…$/,
    );
    expect(model.menu[1]).toEqual({
      type: 'submenu',
      id: 'problems',
      label: 'Recording problems (2)',
      items: [
        {
          type: 'item',
          id: 'problem-0',
          label: '3号直播间 — Recording stalled (no data)',
          enabled: true,
          action: { kind: 'openWindow' },
        },
        {
          type: 'item',
          id: 'problem-1',
          label: 'Set-up — Disk almost full',
          enabled: true,
          action: { kind: 'openWindow' },
        },
      ],
    });
  });

  it('names a recorder warning by its kind, in zh-CN, within the tooltip limit', () => {
    const rooms = Array.from({ length: 50 }, (_, i) => room(i + 1, `很长很长的主播名字${i}`));
    const model = trayModel(
      base({
        language: 'zh-CN',
        rooms,
        problems: [
          { roomId: 1, code: 'recorder-warning', since: 1, facts: { warning: 'io-error' } },
        ],
      }),
    );
    expect(model.tooltip).toContain('⚠ 很长很长的主播名字0 — 录播姬写文件出错');
    expect(Array.from(model.tooltip).length).toBeLessThanOrEqual(TOOLTIP_MAX_LENGTH);
  });
});
