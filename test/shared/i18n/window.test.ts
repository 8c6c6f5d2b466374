import { describe, expect, it } from 'vitest';
import { WINDOW_STRINGS } from '../../../shared/i18n/window';
import { Language } from '../../../shared/settings';

function leaves(value: unknown, path = ''): [string, unknown][] {
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, inner]) =>
      leaves(inner, path ? `${path}.${key}` : key),
    );
  }
  return [[path, value]];
}

describe('WINDOW_STRINGS', () => {
  it('has the same keys in both languages', () => {
    const keys = (language: Language) => leaves(WINDOW_STRINGS[language]).map(([path]) => path);
    expect(keys('zh-CN')).toEqual(keys('en'));
  });

  it('has no empty string, and every function answers with text in both languages', () => {
    for (const language of Language.options) {
      for (const [path, value] of leaves(WINDOW_STRINGS[language])) {
        const text =
          typeof value === 'function' ? (value as (...a: unknown[]) => unknown)(3, 4, 5) : value;
        expect({ path, ok: typeof text === 'string' && text.trim() !== '' }).toEqual({
          path,
          ok: true,
        });
      }
    }
  });

  it('speaks Chinese in zh-CN: every sentence-long string has Chinese characters', () => {
    const latinOnly = leaves(WINDOW_STRINGS['zh-CN'])
      .filter(([path]) => path !== 'appName') // the product name, as on the installer
      .filter(([path]) => !path.startsWith('recorderKinds.names.')) // the recorders' own names
      .filter(
        ([, value]) =>
          typeof value === 'string' && value.length > 12 && !/\p{Script=Han}/u.test(value),
      )
      .map(([path]) => path);
    expect(latinOnly).toEqual([]);
  });
});
