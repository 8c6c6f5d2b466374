import { describe, expect, it } from 'vitest';
import {
  macSigningArgs,
  macSigningEnv,
  macSigningSummary,
} from '../../../tools/installers/mac-signing';

describe('macSigningArgs', () => {
  it('keeps the ad-hoc identity of electron-builder.yml without CSC_NAME', () => {
    expect(macSigningArgs({}, 'darwin')).toEqual([]);
    expect(macSigningArgs({ CSC_NAME: '  ' }, 'darwin')).toEqual([]);
  });

  it('uses the Developer ID named by CSC_NAME, on macOS only', () => {
    const env = { CSC_NAME: 'Developer ID Application: Someone (ABCDE12345)' };
    expect(macSigningArgs(env, 'darwin')).toEqual([
      '-c.mac.identity=Developer ID Application: Someone (ABCDE12345)',
      // The packaged package.json says so: the app then installs its updates itself.
      '-c.extraMetadata.macSignature=developer-id',
    ]);
    expect(macSigningArgs(env, 'linux')).toEqual([]);
  });
});

describe('macSigningSummary', () => {
  it('says which build it is', () => {
    expect(macSigningSummary({})).toBe('macOS: ad-hoc signature, not notarized');
    expect(macSigningSummary({ CSC_LINK: 'cert.p12' })).toMatch(/also set CSC_NAME/);
    expect(macSigningSummary({ CSC_NAME: 'Developer ID Application: X', APPLE_ID: 'a' })).toBe(
      'macOS: signed as Developer ID Application: X, notarized',
    );
  });
});

describe('macSigningEnv', () => {
  const apple = { APPLE_ID: 'a@b.c', APPLE_APP_SPECIFIC_PASSWORD: 'p', APPLE_TEAM_ID: 'T' };

  it('leaves the APPLE_* variables out without a Developer ID: Apple refuses to notarize an ad-hoc build', () => {
    const env = macSigningEnv({ PATH: '/bin', ...apple });
    expect(env).toEqual({ PATH: '/bin' });
    expect(macSigningSummary(apple)).toMatch(/notarize only a Developer ID build/);
  });

  it('keeps them with one, and drops empty values (unset secrets) either way', () => {
    const env = { CSC_NAME: 'Developer ID Application: X', CSC_LINK: '', ...apple };
    expect(macSigningEnv(env)).toEqual({ CSC_NAME: 'Developer ID Application: X', ...apple });
    expect(macSigningEnv({ CSC_NAME: '', APPLE_ID: '' })).toEqual({});
  });
});
