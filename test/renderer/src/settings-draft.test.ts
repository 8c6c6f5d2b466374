import { describe, expect, it } from 'vitest';
import { Settings } from '../../../shared/settings';
import { applySettingsPatch } from '../../../shared/settings-patch';
import { checkDraft, draftFromSettings, isDraftDirty } from '../../../renderer/src/settings-draft';

const base = Settings.parse({
  listener: { port: 0 },
  recorder: { rooms: [23058] },
  pathMappings: [{ from: '/rec', to: '/mnt' }],
});

describe('checkDraft: the patch', () => {
  it('sends nothing for an untouched form', () => {
    const draft = draftFromSettings(base);
    expect(checkDraft(base, draft, 'NaN', 'en')).toEqual({ ok: true, patch: {}, empty: true });
    expect(isDraftDirty(base, draft)).toBe(false);
  });

  it('sends only what changed, with numbers as numbers', () => {
    const draft = {
      ...draftFromSettings(base),
      pollInterval: ' 7 ',
      pollRooms: '23058, 3，4 5',
      listenerToken: 'tok',
      events: { ...draftFromSettings(base).events, StreamStarted: false },
      pathMappings: [
        { from: ' /rec ', to: '/mnt' },
        { from: '', to: '' },
        { from: '/b', to: 'B:\\' },
      ],
      startAtLogin: true,
    };
    const result = checkDraft(base, draft, 'NaN', 'en');
    expect(result).toEqual({
      ok: true,
      empty: false,
      patch: {
        recorder: { pollIntervalSeconds: 7, rooms: [23058, 3, 4, 5] },
        listener: { token: 'tok' },
        notifications: { events: { StreamStarted: false } },
        pathMappings: [
          { from: '/rec', to: '/mnt' },
          { from: '/b', to: 'B:\\' },
        ],
        startAtLogin: true,
      },
    });
    // The patch fits main's schema and leaves the --port 0 override untouched.
    const applied = applySettingsPatch(base, result.ok ? result.patch : {});
    expect(applied.ok && applied.settings.listener.port).toBe(0);
    expect(isDraftDirty(base, draft)).toBe(true);
  });

  it('names text that is not a number by its settings path', () => {
    const draft = {
      ...draftFromSettings(base),
      listenerPort: 'eighty',
      flapMinutes: '',
      pollRooms: '23058 abc',
    };
    expect(checkDraft(base, draft, 'enter a number', 'en')).toEqual({
      ok: false,
      errors: [
        'recorder.rooms[1]: enter a number',
        'listener.port: enter a number',
        'notifications.flapMinutes: enter a number',
      ],
    });
  });

  it('empties a list with an empty field', () => {
    const draft = { ...draftFromSettings(base), pollRooms: ' ', pathMappings: [] };
    expect(checkDraft(base, draft, 'NaN', 'en')).toEqual({
      ok: true,
      empty: false,
      patch: { recorder: { rooms: [] }, pathMappings: [] },
    });
  });
});

describe('checkDraft: the errors', () => {
  it('lists numbers, schema errors and the rules together, in the language asked', () => {
    const draft = {
      ...draftFromSettings(base),
      pollInterval: 'abc',
      groupWindowSeconds: '99',
      listenerHost: '0.0.0.0',
    };
    const checked = checkDraft(base, draft, 'NaN', 'en');
    expect(checked.ok).toBe(false);
    const paths = checked.ok ? [] : checked.errors.map((e) => e.slice(0, e.indexOf(':')));
    expect(paths).toEqual([
      'recorder.pollIntervalSeconds',
      'notifications.groupWindowSeconds',
      'listener.token',
    ]);
  });

  it('sends a recorder address without a scheme with http://', () => {
    const draft = { ...draftFromSettings(base), recorderUrl: ' 10.0.0.5:2356 ' };
    expect(checkDraft(base, draft, 'NaN', 'zh-CN')).toEqual({
      ok: true,
      empty: false,
      patch: { recorder: { url: 'http://10.0.0.5:2356' } },
    });
  });
});

describe('the update settings in the form', () => {
  it('sends the update switch and the trimmed mirror URL', () => {
    const draft = {
      ...draftFromSettings(base),
      updatesCheck: false,
      updatesFeedUrl: ' https://mirror.example/rt/ ',
    };
    expect(checkDraft(base, draft, 'NaN', 'en')).toEqual({
      ok: true,
      patch: { updates: { check: false, feedUrl: 'https://mirror.example/rt/' } },
      empty: false,
    });
    const saved = applySettingsPatch(base, { updates: { check: false } });
    expect(saved.ok && saved.settings.updates).toEqual({ check: false, feedUrl: '' });
  });
});
