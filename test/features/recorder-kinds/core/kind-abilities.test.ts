import { describe, expect, it } from 'vitest';
import { canStartAndStop } from '../../../../main/features/recorder-kinds/core/kind-abilities';
import { RECORDER_KINDS } from '../../../../shared/recorder-kind';

describe('canStartAndStop', () => {
  it('offers start and stop only to the kinds whose API can', () => {
    expect(RECORDER_KINDS.filter(canStartAndStop)).toEqual([
      'bililive-recorder',
      'blrec',
      'bililive-go',
    ]);
  });
});
