import { MAC_SIGNATURE_FIELD } from '../../main/adapters/install-facts';

/**
 * The packaged package.json's field that tells the running app its macOS signature (electron-builder
 * writes `extraMetadata` into it): `developer-id`, or absent for the ad-hoc build, which cannot
 * apply updates and offers their download instead (read by main/adapters/install-facts.ts).
 */
export { MAC_SIGNATURE_FIELD };

/**
 * electron-builder arguments for the macOS signature. electron-builder.yml signs ad hoc
 * (`mac.identity: '-'`); with `CSC_NAME` set (a "Developer ID Application: …" certificate in the
 * keychain, or in the `CSC_LINK` file it imports), that identity replaces the ad-hoc one. Notarizing
 * needs nothing here: electron-builder notarizes a Developer ID build when `APPLE_API_KEY`… or
 * `APPLE_ID`… are set. Elsewhere than macOS, no arguments.
 */
export function macSigningArgs(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string[] {
  if (platform !== 'darwin') return [];
  const name = env.CSC_NAME?.trim();
  return name
    ? [`-c.mac.identity=${name}`, `-c.extraMetadata.${MAC_SIGNATURE_FIELD}=developer-id`]
    : [];
}

/**
 * The variables electron-builder's notarization reads (MacTargetHelper.getNotarizeOptions: an App
 * Store Connect API key, an Apple ID, or a keychain profile).
 */
export const NOTARIZE_VARIABLES = [
  'APPLE_API_KEY',
  'APPLE_API_KEY_ID',
  'APPLE_API_ISSUER',
  'APPLE_ID',
  'APPLE_APP_SPECIFIC_PASSWORD',
  'APPLE_TEAM_ID',
  'APPLE_KEYCHAIN',
  'APPLE_KEYCHAIN_PROFILE',
] as const;

/**
 * The environment electron-builder runs with: without a Developer ID (CSC_NAME) the APPLE_*
 * variables are left out, since electron-builder would notarize the ad-hoc build and Apple refuses
 * a build that is not signed with a Developer ID. Empty values count as unset everywhere (an unset
 * repository secret reaches a workflow as '').
 */
export function macSigningEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  if (env.CSC_NAME?.trim()) return kept;
  for (const name of NOTARIZE_VARIABLES) delete kept[name];
  return kept;
}

/** What the build will be, in one line for the log. */
export function macSigningSummary(env: NodeJS.ProcessEnv): string {
  const name = env.CSC_NAME?.trim();
  if (!name) {
    const hint = env.CSC_LINK
      ? ' (CSC_LINK is set: also set CSC_NAME to its identity to use it)'
      : NOTARIZE_VARIABLES.some((variable) => env[variable])
        ? ' (the APPLE_* variables notarize only a Developer ID build: set CSC_NAME)'
        : '';
    return `macOS: ad-hoc signature, not notarized${hint}`;
  }
  const notarized = Boolean(env.APPLE_API_KEY || env.APPLE_ID || env.APPLE_KEYCHAIN_PROFILE);
  return `macOS: signed as ${name}, ${notarized ? 'notarized' : 'not notarized (no APPLE_* variables)'}`;
}
