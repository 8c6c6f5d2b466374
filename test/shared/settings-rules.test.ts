import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../shared/settings';
import {
  checkSettingsUpdate,
  generateToken,
  isLoopbackHost,
  normaliseRecorderUrl,
} from '../../shared/settings-rules';
import { oneRecorder } from '../fakes/recorder-settings';

describe('settings rules', () => {
  it('knows loopback hosts', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['0.0.0.0', '192.168.1.5', '::', 'example.com'])
      expect(isLoopbackHost(host)).toBe(false);
  });

  it('adds http:// to a recorder address typed without a scheme, and leaves empty as empty', () => {
    expect(normaliseRecorderUrl(' 127.0.0.1:2356 ')).toBe('http://127.0.0.1:2356');
    expect(normaliseRecorderUrl('https://rec.example/')).toBe('https://rec.example/');
    expect(normaliseRecorderUrl('')).toBe('');
    const checked = checkSettingsUpdate(
      defaultSettings(),
      oneRecorder({ url: '10.0.0.2:2356' }),
      'en',
    );
    expect(checked).toMatchObject({
      ok: true,
      settings: oneRecorder({ url: 'http://10.0.0.2:2356' }),
    });
  });

  it('refuses a non-loopback listener host without a token, in the language asked', () => {
    const zh = checkSettingsUpdate(defaultSettings(), { listener: { host: '0.0.0.0' } }, 'zh-CN');
    expect(zh.ok).toBe(false);
    expect(!zh.ok && zh.errors).toEqual([expect.stringMatching(/^listener\.token: .*令牌/)]);
    const ok = checkSettingsUpdate(
      defaultSettings(),
      { listener: { host: '0.0.0.0', token: 'abc' } },
      'en',
    );
    expect(ok.ok).toBe(true);
  });

  it('lists schema errors and rule problems in one answer', () => {
    const checked = checkSettingsUpdate(
      defaultSettings(),
      { listener: { host: '0.0.0.0', port: 70000 }, ...oneRecorder({ url: 'ftp://x' }) },
      'en',
    );
    expect(checked.ok).toBe(false);
    const errors = checked.ok ? [] : checked.errors;
    expect(errors.map((e) => e.slice(0, e.indexOf(':')))).toEqual([
      'listener.port',
      'listener.token',
      'recorders[0].url',
    ]);
  });

  it('generates tokens the listener accepts', () => {
    const token = generateToken((bytes) => bytes.map((_, i) => i * 37));
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(
      checkSettingsUpdate(defaultSettings(), { listener: { host: '0.0.0.0', token } }, 'en').ok,
    ).toBe(true);
  });
});
