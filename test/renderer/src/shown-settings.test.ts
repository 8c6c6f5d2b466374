import { describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../../../shared/settings';
import { applySettingsPatch, type SettingsPatch } from '../../../shared/settings-patch';
import { ShownSettings } from '../../../renderer/src/shown-settings';

/** Main's side: applies patches in the order they arrive, as the settings store does. */
function fakeMain(start: Settings) {
  let current = start;
  return {
    update(patch: SettingsPatch): Settings {
      const result = applySettingsPatch(current, patch);
      if (!result.ok) throw new Error(result.errors.join('; '));
      current = result.settings;
      return current;
    },
    get current() {
      return current;
    },
  };
}

describe('ShownSettings', () => {
  it('shows nothing until main first answers, then its answer', () => {
    const shown = new ShownSettings();
    const read = shown.request();
    expect(shown.shown()).toBeNull();
    const settings = defaultSettings();
    shown.answered(read, settings);
    expect(shown.shown()).toBe(settings);
    expect(shown.shown()).toBe(shown.shown()); // the same object while nothing changed
  });

  it('shows a save at once, and a choice made before the answer keeps the one before it', () => {
    const main = fakeMain(defaultSettings());
    const shown = new ShownSettings();
    shown.answered(shown.request(), main.current);

    // The quiet hours' end is changed; before main answers, Sunday is unticked.
    const toChange = { notifications: { quietHours: { to: '06:45' } } };
    const first = shown.request(toChange);
    expect(shown.shown()!.notifications.quietHours.to).toBe('06:45');
    const days = shown.shown()!.notifications.quietHours.days.filter((d) => d !== 0);
    const second = shown.request({ notifications: { quietHours: { days } } });
    expect(shown.shown()!.notifications.quietHours).toMatchObject({ to: '06:45', days });

    // The first answer (without the second change) comes back: Sunday stays unticked.
    shown.answered(first, main.update(toChange));
    expect(shown.shown()!.notifications.quietHours).toMatchObject({ to: '06:45', days });
    shown.answered(second, main.update({ notifications: { quietHours: { days } } }));
    expect(shown.shown()).toBe(main.current);
  });

  it('drops a refused save from what is shown, and an older answer does not replace a newer one', () => {
    const main = fakeMain(defaultSettings());
    const shown = new ShownSettings();
    shown.answered(shown.request(), main.current);

    const refused = shown.request({ language: 'zh-CN' });
    expect(shown.shown()!.language).toBe('zh-CN');
    shown.answered(refused); // main said no
    expect(shown.shown()).toBe(main.current);

    // A read started before a save, answered after it: the save's answer stands.
    const read = shown.request();
    const before = main.current;
    const save = shown.request({ notifications: { quietHours: { enabled: true } } });
    shown.answered(save, main.update({ notifications: { quietHours: { enabled: true } } }));
    shown.answered(read, before);
    expect(shown.shown()!.notifications.quietHours.enabled).toBe(true);
  });

  it('does not show a patch the schema refuses (its answer says why)', () => {
    const shown = new ShownSettings();
    const settings = defaultSettings();
    shown.answered(shown.request(), settings);
    shown.request({ notifications: { quietHours: { from: 'late' } } });
    expect(shown.shown()!.notifications.quietHours.from).toBe(
      settings.notifications.quietHours.from,
    );
  });
});
