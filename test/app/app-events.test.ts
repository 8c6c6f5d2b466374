import { describe, expect, it, vi } from 'vitest';
import { AppEventBus } from '../../main/app/app-events';
import type { AppEvent } from '../../main/app/app-ports';
import { sampleAppState } from '../fakes/app-state-sample';

describe('the app event bus', () => {
  it('makes a made-when-read payload only if a listener reads it, and once for them all', () => {
    const bus = new AppEventBus(() => undefined);
    const make = vi.fn(() => sampleAppState());
    const names: string[] = [];
    bus.subscribe((message) => names.push(message.event));
    bus.emitMade('state:changed', make);
    expect(names).toEqual(['state:changed']);
    expect(make).not.toHaveBeenCalled();

    const read: AppEvent['payload'][] = [];
    bus.subscribe((message) => read.push(message.payload));
    bus.subscribe((message) => read.push(message.payload));
    bus.emitMade('state:changed', make);
    expect(make).toHaveBeenCalledTimes(1);
    expect(read).toHaveLength(2);
    expect(read[0]).toBe(read[1]);
  });

  it('still hands the event to the other listeners when one throws', () => {
    const failed = vi.fn();
    const bus = new AppEventBus(failed);
    const heard: string[] = [];
    bus.subscribe(() => {
      throw new Error('listener broke');
    });
    bus.subscribe((message) => heard.push(message.event));
    bus.emitMade('state:changed', () => sampleAppState());
    expect(heard).toEqual(['state:changed']);
    expect(failed).toHaveBeenCalledTimes(1);
  });
});
