import type { AppState } from '../../shared/app-state';
import type { RoomState } from '../../shared/model';

/** A room with every field filled; override what the test is about. */
export function sampleRoom(overrides: Partial<RoomState> = {}): RoomState {
  return {
    roomId: 23058,
    shortId: 3,
    name: '3号直播间',
    title: '哔哩哔哩音悦台',
    areaNameParent: '生活',
    areaNameChild: '影音馆',
    streaming: false,
    recording: false,
    danmakuConnected: false,
    updatedAt: 1_700_000_000_000,
    ...overrides,
  };
}

/** An AppState that satisfies the contract. */
export function sampleAppState(overrides: Partial<AppState> = {}): AppState {
  return {
    rooms: [sampleRoom()],
    recorder: { status: 'ok', message: '' },
    recorders: [
      {
        id: 'default',
        name: 'default',
        url: 'http://127.0.0.1:2356',
        status: 'ok',
        message: '',
        webhookUrl: 'http://127.0.0.1:23560/webhook',
        webhooks: 'unknown',
      },
    ],
    listener: {
      webhookUrl: 'http://127.0.0.1:23560/webhook',
      host: '127.0.0.1',
      port: 23560,
      running: true,
    },
    pause: { pausedUntil: null },
    unreadCount: 0,
    language: 'en',
    ...overrides,
  };
}
