import { describe, expect, it } from 'vitest';
import {
  windowsSigning,
  windowsSigningArgs,
  windowsSigningSummary,
} from '../../../tools/installers/windows-signing';

const AZURE = {
  AZURE_SIGNING_ENDPOINT: 'https://eus.codesigning.azure.net/',
  AZURE_SIGNING_ACCOUNT: 'recorder-tray',
  AZURE_SIGNING_PROFILE: 'public',
  AZURE_SIGNING_PUBLISHER: 'Recorder Tray contributors',
  AZURE_TENANT_ID: 'tenant',
  AZURE_CLIENT_ID: 'client',
  AZURE_CLIENT_SECRET: 'secret',
};

describe('the Windows signature', () => {
  it("is Azure Trusted Signing when the account and the login are set: electron-builder's azureSignOptions", () => {
    expect(windowsSigningArgs(AZURE, 'win32')).toEqual([
      '-c.win.azureSignOptions.endpoint=https://eus.codesigning.azure.net/',
      '-c.win.azureSignOptions.codeSigningAccountName=recorder-tray',
      '-c.win.azureSignOptions.certificateProfileName=public',
      '-c.win.azureSignOptions.publisherName=Recorder Tray contributors',
    ]);
    expect(windowsSigningSummary(AZURE)).toBe(
      'Windows: signed with Azure Trusted Signing as Recorder Tray contributors',
    );
    // Only a Windows build signs for Windows.
    expect(windowsSigningArgs(AZURE, 'linux')).toEqual([]);
  });

  it('refuses half a configuration rather than build unsigned without a word', () => {
    const half = { ...AZURE, AZURE_CLIENT_SECRET: '', AZURE_SIGNING_PROFILE: ' ' };
    expect(windowsSigning(half)).toEqual({
      kind: 'misconfigured',
      missing: ['AZURE_SIGNING_PROFILE', 'AZURE_CLIENT_SECRET'],
    });
    expect(() => windowsSigningArgs(half, 'win32')).toThrow(
      'Azure Trusted Signing is half configured: AZURE_SIGNING_PROFILE, AZURE_CLIENT_SECRET missing',
    );
  });

  it('keeps the .pfx route (electron-builder reads WIN_CSC_LINK itself), else unsigned; empty is unset', () => {
    expect(windowsSigning({ WIN_CSC_LINK: 'base64…', WIN_CSC_KEY_PASSWORD: 'p' })).toEqual({
      kind: 'pfx',
    });
    expect(windowsSigningArgs({ WIN_CSC_LINK: 'base64…' }, 'win32')).toEqual([]);
    expect(windowsSigning({ WIN_CSC_LINK: '', AZURE_TENANT_ID: '' })).toEqual({ kind: 'unsigned' });
    expect(windowsSigningSummary({})).toBe(
      'Windows: unsigned (SmartScreen warns at the first run)',
    );
  });
});
