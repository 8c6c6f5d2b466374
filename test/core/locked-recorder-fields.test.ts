import { describe, expect, it } from 'vitest';
import { keepLockedRecorderFields } from '../../main/core/locked-recorder-fields';
import { Settings } from '../../shared/settings';

const stored = Settings.parse({
  recorders: [{ id: 'default', url: 'http://stored:2356' }, { id: 'nas' }],
});

describe('keepLockedRecorderFields', () => {
  it('puts the stored value back where a launch flag fixes the field, and keeps the rest as sent', () => {
    const patch = {
      recorders: [
        { ...stored.recorders[0]!, url: 'http://from-flag:2356', name: 'PC' },
        { ...stored.recorders[1]!, name: 'NAS' },
      ],
    };
    const kept = keepLockedRecorderFields(patch, stored, ['recorders[0].url', 'listener.port']);
    expect(kept.recorders?.map((r) => [r.url, r.name])).toEqual([
      ['http://stored:2356', 'PC'],
      [stored.recorders[1]!.url, 'NAS'],
    ]);
  });

  it('leaves a patch without recorders, and a recorder whose place another took, as sent', () => {
    expect(keepLockedRecorderFields({ startAtLogin: true }, stored, ['recorders[0].url'])).toEqual({
      startAtLogin: true,
    });
    const moved = { recorders: [{ ...stored.recorders[1]!, url: 'http://x' }] };
    expect(keepLockedRecorderFields(moved, stored, ['recorders[0].url'])).toEqual(moved);
  });
});
