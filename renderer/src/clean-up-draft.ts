import type { RemovalHow, CleanUpRule, CleanUpSettings } from '../../shared/clean-up';
import { draftNumber } from './draft-number';
import { roomWords } from './room-words';

/** One clean-up rule as the form edits it: numbers and rooms as text until saved. */
export interface CleanUpRuleDraft {
  recorders: string[];
  rooms: string;
  keepDays: string;
  keepGiB: string;
  then: RemovalHow;
  moveTo: string;
}

/** Settings → Clean-up as the form edits it. */
export interface CleanUpDraft {
  enabled: boolean;
  dryRun: boolean;
  rules: CleanUpRuleDraft[];
}

/** A new rule: recordings older than 30 days go to the trash. */
export function newCleanUpRuleDraft(): CleanUpRuleDraft {
  return { recorders: [], rooms: '', keepDays: '30', keepGiB: '', then: 'trash', moveTo: '' };
}

/** The clean-up form's values from the settings. */
export function cleanUpDraftOf(cleanUp: CleanUpSettings): CleanUpDraft {
  return {
    enabled: cleanUp.enabled,
    dryRun: cleanUp.dryRun,
    rules: cleanUp.rules.map((rule) => ({
      recorders: [...(rule.recorders ?? [])],
      rooms: (rule.rooms ?? []).join(' '),
      keepDays: rule.keepDays === undefined ? '' : String(rule.keepDays),
      keepGiB: rule.keepGiB === undefined ? '' : String(rule.keepGiB),
      then: rule.then,
      moveTo: rule.moveTo ?? '',
    })),
  };
}

/**
 * The clean-up settings from the form (the schema judges them when the patch is checked); text
 * that is not a number is named in `errors` by its path (`cleanUp.rules[N].field`).
 */
export function cleanUpFromDraft(
  draft: CleanUpDraft,
  notANumber: string,
  errors: string[],
): CleanUpSettings {
  return {
    enabled: draft.enabled,
    dryRun: draft.dryRun,
    rules: draft.rules.map((rule, index): CleanUpRule => {
      const at = `cleanUp.rules[${index}]`;
      const number = (field: string, text: string) =>
        draftNumber(text, `${at}.${field}`, notANumber, errors, true);
      const rooms = roomWords(rule.rooms);
      if (rooms.bad !== undefined) errors.push(`${at}.rooms[${rooms.bad}]: ${notANumber}`);
      const keepDays = number('keepDays', rule.keepDays);
      const keepGiB = number('keepGiB', rule.keepGiB);
      return {
        ...(rule.recorders.length > 0 ? { recorders: [...rule.recorders] } : {}),
        ...(rooms.numbers.length > 0 ? { rooms: rooms.numbers } : {}),
        ...(keepDays === undefined ? {} : { keepDays }),
        ...(keepGiB === undefined ? {} : { keepGiB }),
        then: rule.then,
        // The folder only where it is used: a moveTo left from an earlier "move" is not kept.
        ...(rule.then === 'move' && rule.moveTo.trim() !== ''
          ? { moveTo: rule.moveTo.trim() }
          : {}),
      };
    }),
  };
}
