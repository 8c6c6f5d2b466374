import { describe, expect, it } from 'vitest';
import { Observers } from '../../main/app/sources';
import type { Happening } from '../../main/core/happening';
import { defaultSettings, type Settings } from '../../shared/settings';

const closed = { kind: 'FileClosed', roomId: 1, at: 0, source: 'webhook' } as Happening;

describe('the observers of what the app observes', () => {
  it('tells the observer of a feature only while its section is switched on', () => {
    let settings: Settings = defaultSettings();
    const failures: unknown[] = [];
    const observers = new Observers(
      (error) => failures.push(error),
      () => settings,
    );
    const told: string[] = [];
    observers.observe({ enabledBy: 'jobs', happened: () => told.push('jobs') });
    observers.observe({ enabledBy: 'cleanUp', happened: () => told.push('clean-up') });
    observers.observe({ happened: () => told.push('always') });
    observers.observe({
      happened: () => {
        throw new Error('broken');
      },
    });

    settings = { ...settings, jobs: { ...settings.jobs, enabled: false } };
    settings = { ...settings, cleanUp: { ...settings.cleanUp, enabled: false } };
    observers.notify('happened', closed);
    expect(told).toEqual(['always']);

    settings = { ...settings, jobs: { ...settings.jobs, enabled: true } };
    observers.notify('happened', closed);
    expect(told).toEqual(['always', 'jobs', 'always']);
    expect(failures).toHaveLength(2);
  });

  it('tells an observer for other kinds only while such a recorder is in the settings', () => {
    let settings: Settings = defaultSettings();
    const observers = new Observers(
      () => undefined,
      () => settings,
    );
    const told: string[] = [];
    observers.observe({ otherKindsOnly: true, happened: () => told.push('other kinds') });
    observers.observe({ happened: () => told.push('always') });

    observers.notify('happened', closed);
    expect(told).toEqual(['always']);

    const [first] = settings.recorders;
    if (!first) throw new Error('the default settings name a recorder');
    settings = { ...settings, recorders: [first, { ...first, id: 'blrec', kind: 'blrec' }] };
    observers.notify('happened', closed);
    expect(told).toEqual(['always', 'other kinds', 'always']);

    settings = { ...settings, recorders: [first] };
    observers.notify('happened', closed);
    expect(told).toEqual(['always', 'other kinds', 'always', 'always']);
  });
});
