/**
 * How the Windows build is signed, from the environment (the release workflow's secrets):
 * - Azure Trusted Signing, electron-builder 26's `win.azureSignOptions`, when the signing account's
 *   four values are set; electron-builder runs `Invoke-TrustedSigning` (PowerShell module
 *   TrustedSigning), which logs in through Azure.Identity's EnvironmentCredential: AZURE_TENANT_ID,
 *   AZURE_CLIENT_ID, AZURE_CLIENT_SECRET. Since June 2023 CAs issue code-signing keys only on
 *   hardware, so a `.pfx` in a secret is no longer how a new certificate comes.
 * - a `.pfx` (WIN_CSC_LINK, WIN_CSC_KEY_PASSWORD), which electron-builder reads by itself, for
 *   whoever still has one;
 * - otherwise unsigned: SmartScreen warns at the first run.
 */

/** The account values the workflow passes, and the azureSignOptions field each one fills. */
const AZURE_ACCOUNT = {
  AZURE_SIGNING_ENDPOINT: 'endpoint',
  AZURE_SIGNING_ACCOUNT: 'codeSigningAccountName',
  AZURE_SIGNING_PROFILE: 'certificateProfileName',
  AZURE_SIGNING_PUBLISHER: 'publisherName',
} as const;

/** The Entra ID service principal's variables EnvironmentCredential reads. */
const AZURE_LOGIN = ['AZURE_TENANT_ID', 'AZURE_CLIENT_ID', 'AZURE_CLIENT_SECRET'] as const;

/** Which way the Windows build is signed. */
export type WindowsSigning =
  | { kind: 'azure'; args: string[] }
  | { kind: 'pfx' }
  | { kind: 'unsigned' }
  | { kind: 'misconfigured'; missing: string[] };

/** Reads the environment; an empty value counts as unset (an unset secret arrives as ''). */
export function windowsSigning(env: NodeJS.ProcessEnv): WindowsSigning {
  const set = (name: string) => Boolean(env[name]?.trim());
  const azureNames = [...Object.keys(AZURE_ACCOUNT), ...AZURE_LOGIN];
  const azureSet = azureNames.filter(set);
  if (azureSet.length > 0) {
    const missing = azureNames.filter((name) => !set(name));
    if (missing.length > 0) return { kind: 'misconfigured', missing };
    const args = Object.entries(AZURE_ACCOUNT).map(
      ([variable, field]) => `-c.win.azureSignOptions.${field}=${env[variable]!.trim()}`,
    );
    return { kind: 'azure', args };
  }
  return set('WIN_CSC_LINK') || set('CSC_LINK') ? { kind: 'pfx' } : { kind: 'unsigned' };
}

/** electron-builder arguments for the Windows signature (on Windows only); throws when half set. */
export function windowsSigningArgs(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  if (platform !== 'win32') return [];
  const signing = windowsSigning(env);
  if (signing.kind === 'misconfigured')
    throw new Error(
      `Azure Trusted Signing is half configured: ${signing.missing.join(', ')} missing`,
    );
  return signing.kind === 'azure' ? signing.args : [];
}

/** What the Windows build will be, in one line for the log. */
export function windowsSigningSummary(env: NodeJS.ProcessEnv): string {
  const signing = windowsSigning(env);
  switch (signing.kind) {
    case 'azure':
      return `Windows: signed with Azure Trusted Signing as ${env.AZURE_SIGNING_PUBLISHER!.trim()}`;
    case 'pfx':
      return 'Windows: signed with the certificate in WIN_CSC_LINK';
    case 'unsigned':
      return 'Windows: unsigned (SmartScreen warns at the first run)';
    case 'misconfigured':
      return `Windows: Azure Trusted Signing half configured (${signing.missing.join(', ')} missing)`;
  }
}
