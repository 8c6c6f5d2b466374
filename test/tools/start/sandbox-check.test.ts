import { describe, expect, it } from 'vitest';
import {
  checkSandbox,
  USERNS_RESTRICTION,
  type SandboxCheckInput,
} from '../../../tools/start/sandbox-check';

const binary = '/repo/node_modules/electron/dist/electron';
const helper = '/repo/node_modules/electron/dist/chrome-sandbox';

function input(
  overrides: Partial<SandboxCheckInput> & {
    restricted?: string;
    helper?: { uid: number; mode: number };
  } = {},
): SandboxCheckInput {
  const {
    restricted = '1\n',
    helper: helperStat = { uid: 1000, mode: 0o100755 },
    ...rest
  } = overrides;
  return {
    platform: 'linux',
    binary,
    readText: (file) => (file === USERNS_RESTRICTION ? restricted : undefined),
    stat: (file) => (file === helper ? helperStat : undefined),
    args: [],
    ...rest,
  };
}

describe('checkSandbox', () => {
  it('refuses with AppArmor restricting user namespaces and a helper that is not setuid root', () => {
    const result = checkSandbox(input());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toContain('AppArmor restricts unprivileged user namespaces');
    expect(result.reason).toContain(helper);
    expect(result.remedy[0]).toBe(
      `sudo chown root:root '${helper}' && sudo chmod 4755 '${helper}'   (again after each npm ci)`,
    );
  });

  it('accepts a root-owned 4755 helper', () => {
    expect(checkSandbox(input({ helper: { uid: 0, mode: 0o104755 } }))).toEqual({ ok: true });
    expect(checkSandbox(input({ helper: { uid: 0, mode: 0o100755 } })).ok).toBe(false);
  });

  it('accepts when the restriction is off or unknown, off Linux, and with --no-sandbox', () => {
    expect(checkSandbox(input({ restricted: '0\n' }))).toEqual({ ok: true });
    expect(checkSandbox(input({ readText: () => undefined }))).toEqual({ ok: true });
    expect(checkSandbox(input({ platform: 'darwin' }))).toEqual({ ok: true });
    expect(checkSandbox(input({ args: ['--no-sandbox'] }))).toEqual({ ok: true });
  });

  it('refuses when the helper is missing', () => {
    expect(checkSandbox(input({ stat: () => undefined })).ok).toBe(false);
  });
});
