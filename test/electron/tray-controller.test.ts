import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  trayModel,
  type TrayAction,
  type TrayIcon,
  type TrayState,
} from '../../main/core/tray-model';
import {
  escapeMenuLabel,
  TrayController,
  type TrayActionHandlers,
} from '../../main/electron/tray-controller';
import { sampleRoom } from '../fakes/app-state-sample';
import { FakeTray } from '../fakes/fake-electron';
import { clickMenu } from '../fakes/fake-desktop-electron';
import { memoryLogger } from '../fakes/silent-logger';

type Menu = MenuItemConstructorOptions[];

function handlers(): TrayActionHandlers & { seen: TrayAction[] } {
  const seen: TrayAction[] = [];
  const record = (action: TrayAction) => {
    seen.push(action);
  };
  return {
    seen,
    openWindow: record,
    openLiveRoom: record,
    recordRoom: record,
    pause: record,
    resume: record,
    quiet: record,
    openRecorderUi: record,
    openRecorderApi: record,
    openLogsFolder: record,
    installUpdate: record,
    quit: record,
  };
}

function setup(platform: NodeJS.Platform = 'win32') {
  const trays: FakeTray<string, Menu>[] = [];
  const actions = handlers();
  const log = memoryLogger();
  const controller = new TrayController<string, Menu>({
    createTray: (image) => {
      const tray = new FakeTray<string, Menu>(image);
      trays.push(tray);
      return tray;
    },
    image: (icon: TrayIcon) => `${icon}.png`,
    buildMenu: (template) => template,
    actions,
    platform,
    log,
  });
  return { controller, trays, actions, log };
}

function state(overrides: Partial<TrayState> = {}): TrayState {
  return { rooms: [], recorderStatus: 'ok', paused: false, language: 'en', ...overrides };
}

describe('TrayController', () => {
  it('creates the tray once with the icon, tooltip and menu of the model', () => {
    const { controller, trays } = setup();
    controller.render(trayModel(state({ rooms: [sampleRoom({ streaming: true })] })));
    expect(trays).toHaveLength(1);
    const tray = trays[0]!;
    expect(tray.image).toBe('live.png');
    expect(tray.toolTip).toBe('Recorder Tray\nLive: 3号直播间');
    expect(tray.menu?.map((item) => item.id ?? item.type)).toEqual([
      'open-window',
      'live-rooms',
      'pause',
      'separator',
      'recorder-ui',
      'recorder-api',
      'logs',
      'separator',
      'quit',
    ]);
  });

  it('touches only what changed, and nothing when nothing did', () => {
    const { controller, trays } = setup();
    controller.render(trayModel(state()));
    const tray = trays[0]!;
    expect(tray.calls).toEqual(['setToolTip', 'setContextMenu']);
    tray.calls.length = 0;
    controller.render(trayModel(state()));
    expect(tray.calls).toEqual([]);
    controller.render(trayModel(state({ recorderStatus: 'unreachable' })));
    expect(tray.calls).toEqual(['setImage', 'setToolTip']); // the menu is the same
    tray.calls.length = 0;
    controller.render(trayModel(state({ recorderStatus: 'unreachable', paused: true })));
    expect(tray.calls).toEqual(['setToolTip', 'setContextMenu']);
    expect(trays).toHaveLength(1);
  });

  it('routes every menu click to its action', () => {
    const { controller, trays, actions } = setup();
    controller.render(
      trayModel(state({ paused: true, rooms: [sampleRoom({ roomId: 7, streaming: true })] })),
    );
    const menu = trays[0]!.menu;
    clickMenu(menu, 'open-window');
    clickMenu(menu, 'live-rooms', 'live-room-7');
    clickMenu(menu, 'pause', 'pause-hour');
    clickMenu(menu, 'pause', 'pause-tomorrow');
    clickMenu(menu, 'pause', 'pause-forever');
    clickMenu(menu, 'pause', 'resume');
    clickMenu(menu, 'recorder-ui');
    clickMenu(menu, 'recorder-api');
    clickMenu(menu, 'logs');
    clickMenu(menu, 'quit');
    trays[0]!.clickListener?.();
    expect(actions.seen).toEqual([
      { kind: 'openWindow' },
      { kind: 'openLiveRoom', roomId: 7 },
      { kind: 'pause', until: 'hour' },
      { kind: 'pause', until: 'tomorrow' },
      { kind: 'pause', until: 'forever' },
      { kind: 'resume' },
      { kind: 'openRecorderUi' },
      { kind: 'openRecorderApi' },
      { kind: 'openLogsFolder' },
      { kind: 'quit' },
      { kind: 'openWindow' },
    ]);
  });

  it('logs a failing action, and the tray keeps showing and doing what it did', async () => {
    const { controller, trays, actions, log } = setup();
    actions.openLogsFolder = () => {
      throw new Error('no folder');
    };
    actions.quit = vi.fn(async () => {
      throw new Error('late failure');
    });
    controller.render(trayModel(state({ rooms: [sampleRoom({ streaming: true })] })));
    const tray = trays[0]!;
    const shown = () => ({ image: tray.image, toolTip: tray.toolTip, menu: tray.menu });
    const before = shown();
    clickMenu(tray.menu, 'logs'); // throws at once
    clickMenu(tray.menu, 'quit'); // rejects later
    await vi.waitFor(() => expect(log.lines).toHaveLength(2));
    expect(log.lines).toEqual([
      'error tray: openLogsFolder failed: no folder',
      'error tray: quit failed: late failure',
    ]);
    expect(shown()).toEqual(before);
    expect(before).toMatchObject({ image: 'live.png', toolTip: 'Recorder Tray\nLive: 3号直播间' });
    expect(tray.destroyed).toBe(false);
    expect(trays).toHaveLength(1);
    clickMenu(tray.menu, 'open-window');
    expect(actions.seen).toEqual([{ kind: 'openWindow' }]);
  });

  it('shows & in room names literally on Windows and Linux', () => {
    expect(escapeMenuLabel('Tom & Jerry', 'win32')).toBe('Tom && Jerry');
    expect(escapeMenuLabel('Tom & Jerry', 'linux')).toBe('Tom && Jerry');
    expect(escapeMenuLabel('Tom & Jerry', 'darwin')).toBe('Tom & Jerry');
    const { controller, trays } = setup('win32');
    controller.render(
      trayModel(
        state({ rooms: [sampleRoom({ roomId: 5, name: 'A&B', title: '', streaming: true })] }),
      ),
    );
    const submenu = trays[0]!.menu?.find((item) => item.id === 'live-rooms')?.submenu as Menu;
    expect(submenu[0]?.label).toBe('A&&B');
  });

  it('destroys the tray and creates a new one on the next render', () => {
    const { controller, trays } = setup();
    controller.render(trayModel(state()));
    controller.destroy();
    expect(trays[0]!.destroyed).toBe(true);
    controller.render(trayModel(state()));
    expect(trays).toHaveLength(2);
  });
});
