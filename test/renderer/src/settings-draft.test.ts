import { describe, expect, it } from 'vitest';
import { Settings, type RecorderSetting } from '../../../shared/settings';
import { applySettingsPatch } from '../../../shared/settings-patch';
import { checkDraft, draftFromSettings, isDraftDirty } from '../../../renderer/src/settings-draft';
import { newRecorderDraft, type RecorderDraft } from '../../../renderer/src/recorder-draft';

const base = Settings.parse({
  listener: { port: 0 },
  recorders: [
    { id: 'default', rooms: [23058], pathMappings: [{ from: '/rec', to: '/mnt' }] },
    { id: 'nas', name: 'NAS', url: 'http://nas.local:2356' },
  ],
});
const [first, nas] = base.recorders as [RecorderSetting, RecorderSetting];

// The form with the recorder at `index` changed.
function withRecorder(index: number, changes: Partial<RecorderDraft>) {
  const draft = draftFromSettings(base);
  return {
    ...draft,
    recorders: draft.recorders.map((r, i) => (i === index ? { ...r, ...changes } : r)),
  };
}

describe('checkDraft: the patch', () => {
  it('sends nothing for an untouched form', () => {
    const draft = draftFromSettings(base);
    expect(checkDraft(base, draft, 'NaN', 'en')).toEqual({ ok: true, patch: {}, empty: true });
    expect(isDraftDirty(base, draft)).toBe(false);
  });

  it('sends only what changed, with numbers as numbers', () => {
    const draft = {
      ...withRecorder(0, {
        pollInterval: ' 7 ',
        rooms: '23058, 3，4 5',
        pathMappings: [
          { from: ' /rec ', to: '/mnt' },
          { from: '', to: '' },
          { from: '/b', to: 'B:\\' },
        ],
      }),
      listenerToken: 'tok',
      events: { ...draftFromSettings(base).events, StreamStarted: false },
      startAtLogin: true,
    };
    const result = checkDraft(base, draft, 'NaN', 'en');
    expect(result).toEqual({
      ok: true,
      empty: false,
      patch: {
        // The whole list (a patch replaces arrays), the other recorder as it was.
        recorders: [
          {
            ...first,
            pollIntervalSeconds: 7,
            rooms: [23058, 3, 4, 5],
            pathMappings: [
              { from: '/rec', to: '/mnt' },
              { from: '/b', to: 'B:\\' },
            ],
          },
          nas,
        ],
        listener: { token: 'tok' },
        notifications: { events: { StreamStarted: false } },
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
      ...withRecorder(1, { rooms: '23058 abc' }),
      listenerPort: 'eighty',
      flapMinutes: '',
    };
    expect(checkDraft(base, draft, 'enter a number', 'en')).toEqual({
      ok: false,
      errors: [
        'recorders[1].rooms[1]: enter a number',
        'listener.port: enter a number',
        'notifications.flapMinutes: enter a number',
      ],
    });
  });

  it('empties a list with an empty field', () => {
    const draft = withRecorder(0, { rooms: ' ', pathMappings: [] });
    expect(checkDraft(base, draft, 'NaN', 'en')).toEqual({
      ok: true,
      empty: false,
      patch: { recorders: [{ ...first, rooms: [], pathMappings: [] }, nas] },
    });
  });
});

describe('checkDraft: the errors', () => {
  it('lists numbers, schema errors and the rules together, in the language asked', () => {
    const draft = {
      ...withRecorder(1, { pollInterval: 'abc', url: 'ftp://nas' }),
      groupWindowSeconds: '99',
      listenerHost: '0.0.0.0',
    };
    const checked = checkDraft(base, draft, 'NaN', 'en');
    expect(checked.ok).toBe(false);
    const paths = checked.ok ? [] : checked.errors.map((e) => e.slice(0, e.indexOf(':')));
    expect(paths).toEqual([
      'recorders[1].pollIntervalSeconds',
      'notifications.groupWindowSeconds',
      'listener.token',
      'recorders[1].url',
    ]);
  });

  it('sends a recorder address without a scheme with http://', () => {
    const draft = withRecorder(1, { url: ' 10.0.0.5:2356 ' });
    expect(checkDraft(base, draft, 'NaN', 'zh-CN')).toEqual({
      ok: true,
      empty: false,
      patch: { recorders: [first, { ...nas, url: 'http://10.0.0.5:2356' }] },
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

describe('checkDraft: adding, renaming and removing recorders', () => {
  it('adds a recorder with the defaults, its name and address', () => {
    const draft = draftFromSettings(base);
    draft.recorders.push(newRecorderDraft('recorder-3', ' PC 2 ', 'http://127.0.0.1:2357'));
    const result = checkDraft(base, draft, 'NaN', 'en');
    expect(result.ok && result.patch.recorders?.[2]).toEqual(
      Settings.parse({
        recorders: [{ id: 'recorder-3', name: 'PC 2', url: 'http://127.0.0.1:2357' }],
      }).recorders[0],
    );
  });

  it('renames one and removes another, keeping the rest as they are', () => {
    const renamed = withRecorder(1, { name: 'Attic NAS' });
    expect(checkDraft(base, renamed, 'NaN', 'en')).toMatchObject({
      ok: true,
      patch: { recorders: [first, { ...nas, name: 'Attic NAS' }] },
    });
    const removed = {
      ...draftFromSettings(base),
      recorders: draftFromSettings(base).recorders.slice(0, 1),
    };
    expect(checkDraft(base, removed, 'NaN', 'en')).toMatchObject({
      ok: true,
      patch: { recorders: [first] },
    });
  });

  it('names the errors of the second recorder by its index', () => {
    const draft = withRecorder(1, { unreachableMinutes: 'x', url: 'http://' });
    const checked = checkDraft(base, draft, 'NaN', 'en');
    const paths = checked.ok ? [] : checked.errors.map((e) => e.slice(0, e.indexOf(':')));
    expect(paths).toEqual(['recorders[1].unreachableNotifyAfterMinutes', 'recorders[1].url']);
  });
});
