import { describe, expect, it } from 'vitest';
import { Settings } from '../../../shared/settings';
import { applySettingsPatch } from '../../../shared/settings-patch';
import {
  newCleanUpRuleDraft,
  cleanUpDraftOf,
  cleanUpFromDraft,
} from '../../../renderer/src/clean-up-draft';
import { checkDraft, draftFromSettings } from '../../../renderer/src/settings-draft';

const stored = Settings.parse({
  cleanUp: {
    enabled: true,
    dryRun: false,
    rules: [
      { recorders: ['default'], rooms: [23058], keepDays: 14, then: 'trash' },
      { keepGiB: 500.5, then: 'move', moveTo: '/mnt/cold' },
    ],
  },
});

describe('the clean-up form', () => {
  it('gives back the stored settings when nothing was edited', () => {
    const errors: string[] = [];
    const cleanUp = cleanUpFromDraft(cleanUpDraftOf(stored.cleanUp), 'NaN', errors);
    expect(errors).toEqual([]);
    const applied = applySettingsPatch(stored, { cleanUp: cleanUp });
    expect(applied.ok && applied.settings.cleanUp).toEqual(stored.cleanUp);
  });

  it('starts a new rule at 30 days to the trash, which the schema takes', () => {
    const cleanUp = cleanUpFromDraft(
      { enabled: true, dryRun: true, rules: [newCleanUpRuleDraft()] },
      'NaN',
      [],
    );
    expect(cleanUp.rules).toEqual([{ keepDays: 30, then: 'trash' }]);
    expect(applySettingsPatch(stored, { cleanUp: cleanUp }).ok).toBe(true);
  });

  it('drops a folder left from an earlier "move", and names text that is not a number', () => {
    const errors: string[] = [];
    const cleanUp = cleanUpFromDraft(
      {
        enabled: true,
        dryRun: true,
        rules: [{ ...newCleanUpRuleDraft(), keepDays: 'a week', moveTo: '/left/over' }],
      },
      'not a number',
      errors,
    );
    expect(errors).toEqual(['cleanUp.rules[0].keepDays: not a number']);
    expect(cleanUp.rules[0]).toEqual({ then: 'trash' });
  });

  it("shows the schema's refusal by the rule's field (no limit, no folder to move to)", () => {
    const draft = draftFromSettings(stored);
    const result = checkDraft(
      stored,
      {
        ...draft,
        cleanUp: {
          ...draft.cleanUp,
          rules: [{ ...newCleanUpRuleDraft(), keepDays: '', then: 'move' }],
        },
        keepAwake: false,
      },
      'NaN',
      'en',
    );
    expect(result.ok ? [] : result.errors.map((e) => e.split(': ')[0]).sort()).toEqual([
      'cleanUp.rules[0].keepDays',
      'cleanUp.rules[0].moveTo',
    ]);
  });

  it('sends keepAwake alone when only it changed', () => {
    const draft = draftFromSettings(stored);
    expect(checkDraft(stored, { ...draft, keepAwake: false }, 'NaN', 'en')).toEqual({
      ok: true,
      empty: false,
      patch: { keepAwake: false },
    });
  });
});
