import { describe, expect, it } from 'vitest';
import { PAUSED_FOREVER } from '../../main/core/pause';
import { pauseEndsIn, trayStateOf } from '../../main/electron/tray-state';
import { sampleAppState, sampleRoom } from '../fakes/app-state-sample';

const NOW = 1_700_000_000_000;

describe('trayStateOf', () => {
  it('takes rooms, recorder status and language from the state', () => {
    const rooms = [sampleRoom({ streaming: true })];
    const state = sampleAppState({
      rooms,
      recorder: { status: 'unreachable', message: 'x' },
      language: 'zh-CN',
    });
    expect(trayStateOf(state, NOW)).toEqual({
      rooms,
      recorderStatus: 'unreachable',
      paused: false,
      language: 'zh-CN',
      canRecord: false, // "Record" needs the recorder's API to answer
    });
    const answering = sampleAppState({ recorder: { status: 'ok', message: 'x' } });
    expect(trayStateOf(answering, NOW).canRecord).toBe(true);
  });

  it('is paused only while the pause lasts', () => {
    const paused = (pausedUntil: number | null) =>
      trayStateOf(sampleAppState({ pause: { pausedUntil } }), NOW).paused;
    expect(paused(NOW + 1)).toBe(true);
    expect(paused(NOW)).toBe(false);
    expect(paused(null)).toBe(false);
    expect(paused(PAUSED_FOREVER)).toBe(true);
  });
});

describe('pauseEndsIn', () => {
  it('waits until a pause ends, capped to what a timer holds', () => {
    expect(pauseEndsIn(NOW + 3_600_000, NOW)).toBe(3_600_000);
    expect(pauseEndsIn(PAUSED_FOREVER, NOW)).toBe(2_147_483_647);
  });

  it('has nothing to wait for without a running pause', () => {
    expect(pauseEndsIn(null, NOW)).toBeNull();
    expect(pauseEndsIn(NOW - 1, NOW)).toBeNull();
    expect(pauseEndsIn(NOW, NOW)).toBeNull();
  });
});
