import { describe, expect, it } from 'vitest';
import type { AppEventListener } from '../../main/app/app-ports';
import { KeepAwake, watchKeepAwake } from '../../main/electron/keep-awake';
import type { AppState } from '../../shared/app-state';
import { defaultSettings } from '../../shared/settings';
import { FakePowerSaveBlocker } from '../fakes/fake-desktop-electron';
import { sampleAppState } from '../fakes/app-state-sample';

describe('KeepAwake', () => {
  it('holds one prevent-app-suspension blocker however often it is asked, and releases it', () => {
    const blocker = new FakePowerSaveBlocker();
    const lines: string[] = [];
    const keepAwake = new KeepAwake(blocker, (line) => lines.push(line));
    keepAwake.set(true);
    keepAwake.set(true);
    expect([...blocker.held.values()]).toEqual(['prevent-app-suspension']);
    expect(keepAwake.holding).toBe(true);
    keepAwake.set(false);
    expect(blocker.held.size).toBe(0);
    keepAwake.set(false);
    expect(lines).toHaveLength(2);
  });

  it('follows the pushed state and releases at teardown', () => {
    const blocker = new FakePowerSaveBlocker();
    const listeners: AppEventListener[] = [];
    const base = sampleAppState();
    const room = { ...base.rooms[0]!, recording: false, recorderId: 'default' };
    const state = (recording: boolean): AppState => ({ ...base, rooms: [{ ...room, recording }] });
    const settings = {
      ...defaultSettings(),
      recorders: [{ ...defaultSettings().recorders[0]!, url: '' }],
    };
    const stop = watchKeepAwake(
      {
        subscribe: (listener) => (listeners.push(listener), () => listeners.splice(0)),
        state: () => state(false),
        settings: () => settings,
      },
      blocker,
      () => undefined,
    );
    expect(blocker.held.size).toBe(0);
    listeners[0]!({ event: 'state:changed', payload: state(true) });
    expect(blocker.held.size).toBe(1);
    stop();
    expect(blocker.held.size).toBe(0);
    expect(listeners).toHaveLength(0);
  });
});
