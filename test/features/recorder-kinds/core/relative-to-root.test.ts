import { describe, expect, it } from 'vitest';
import { relativeToRoot } from '../../../../main/features/recorder-kinds/core/relative-to-root';

describe('relativeToRoot', () => {
  it('takes a POSIX path under the root relative to it', () => {
    expect(relativeToRoot('/rec/21452505 - Nana/a.flv', '/rec')).toBe('21452505 - Nana/a.flv');
    expect(relativeToRoot('/rec/x/a.flv', '/rec/')).toBe('x/a.flv');
  });

  it('takes a Windows path under the root, in any case and with either separator', () => {
    expect(relativeToRoot('C:\\Rec\\4983935_x\\2024_06_26\\a.mp4', 'c:/rec')).toBe(
      '4983935_x/2024_06_26/a.mp4',
    );
  });

  it('keeps the file name alone outside the root, or with no root', () => {
    expect(relativeToRoot('/elsewhere/a.flv', '/rec')).toBe('a.flv');
    expect(relativeToRoot('/rec/a.flv', '')).toBe('a.flv');
    // POSIX names differ by case: /Rec is not /rec.
    expect(relativeToRoot('/Rec/a.flv', '/rec')).toBe('a.flv');
  });
});
