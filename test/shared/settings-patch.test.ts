import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../shared/settings';
import { applySettingsPatch, SettingsPatch } from '../../shared/settings-patch';
import { oneRecorder } from '../fakes/recorder-settings';

describe('applySettingsPatch', () => {
  it('merges objects key by key and keeps the rest', () => {
    const base = defaultSettings();
    const result = applySettingsPatch(base, {
      listener: { port: 8080 },
      notifications: { events: { FileClosed: false } },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.settings.listener).toEqual({ ...base.listener, port: 8080 });
    expect(result.settings.notifications.events).toEqual({
      ...base.notifications.events,
      FileClosed: false,
    });
    expect(result.settings.recorders).toEqual(base.recorders);
  });

  it('replaces arrays whole', () => {
    const base = { ...defaultSettings(), ...oneRecorder({ url: '' }) };
    const next = oneRecorder({ id: 'nas', pathMappings: [{ from: '/rec', to: '/mnt/b' }] });
    const result = applySettingsPatch(base, next);
    expect(result.ok && result.settings.recorders).toEqual(next.recorders);
  });

  it('resets a field to its default with null (language: back to the system)', () => {
    const base = {
      ...defaultSettings(),
      language: 'en' as const,
      listener: { host: '0.0.0.0', port: 1, token: 't' },
    };
    const result = applySettingsPatch(base, { language: null, listener: { port: null } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.settings.language).toBeUndefined();
    expect(result.settings.listener).toEqual({
      host: '0.0.0.0',
      port: defaultSettings().listener.port,
      token: 't',
    });
  });

  it('returns path: message errors and leaves the input alone when the result is invalid', () => {
    const base = defaultSettings();
    const result = applySettingsPatch(base, {
      recorders: [{ ...base.recorders[0]!, pollIntervalSeconds: 0 }],
    });
    expect(result).toEqual({
      ok: false,
      errors: [expect.stringMatching(/^recorders\[0\]\.pollIntervalSeconds: /)],
    });
    expect(base.recorders[0]!.pollIntervalSeconds).toBe(10);
  });

  it('has a schema that accepts every settings key and refuses typos', () => {
    const everything = { ...defaultSettings(), version: undefined };
    delete everything.version;
    expect(SettingsPatch.safeParse(everything).success).toBe(true);
    expect(SettingsPatch.safeParse({ notifications: { evnts: {} } }).success).toBe(false);
  });
});
