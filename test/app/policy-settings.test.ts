import { describe, expect, it } from 'vitest';
import { policySettings } from '../../main/app/pipeline';

describe('policySettings', () => {
  it('makes the copy again only when the settings object or the language changed', () => {
    let notifications = { pause: false };
    let language = 'zh-CN';
    const read = policySettings(
      () => notifications,
      () => language,
    );
    const first = read();
    expect(first).toEqual({ pause: false, language: 'zh-CN' });
    expect(read()).toBe(first);
    notifications = { pause: true };
    const second = read();
    expect(second).toEqual({ pause: true, language: 'zh-CN' });
    language = 'en';
    expect(read()).toEqual({ pause: true, language: 'en' });
    expect(read()).not.toBe(second);
  });
});
