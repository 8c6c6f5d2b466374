import { describe, expect, it } from 'vitest';
import { defaultSettings, PushTargetSetting } from '../../shared/settings';
import { parseHeadlessArgs, UsageError } from '../../main/headless/headless-options';
import { headlessOverrides } from '../../main/headless/headless-settings';

describe('--push', () => {
  it('takes target URLs, repeatable, and adds them to the stored targets without doubling', async () => {
    const options = parseHeadlessArgs([
      '--push',
      'ntfy://127.0.0.1:9/a',
      '--push',
      'schan://SCT12345678',
    ]);
    expect(options.push).toEqual(['ntfy://127.0.0.1:9/a', 'schan://SCT12345678']);
    const overrides = await headlessOverrides(options);
    const stored = {
      ...defaultSettings(),
      pushTargets: [PushTargetSetting.parse({ url: 'ntfy://127.0.0.1:9/a', rooms: [1] })],
    };
    expect(overrides.apply(stored).pushTargets.map((t) => [t.url, t.rooms])).toEqual([
      ['ntfy://127.0.0.1:9/a', [1]],
      ['schan://SCT12345678', []],
    ]);
  });

  it('refuses a URL it cannot push to, with the secret masked', () => {
    expect(() => parseHeadlessArgs(['--push', 'tgram://123456:SECRETtoken'])).toThrow(UsageError);
    expect(() => parseHeadlessArgs(['--push', 'tgram://123456:SECRETtoken'])).toThrow(
      /^--push tgram:\/\/\*\*\*: telegram needs/,
    );
  });
});
