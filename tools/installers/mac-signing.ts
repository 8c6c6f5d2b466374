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
  return name ? [`-c.mac.identity=${name}`] : [];
}

/** What the build will be, in one line for the log. */
export function macSigningSummary(env: NodeJS.ProcessEnv): string {
  const name = env.CSC_NAME?.trim();
  if (!name) {
    const hint = env.CSC_LINK
      ? ' (CSC_LINK is set: also set CSC_NAME to its identity to use it)'
      : '';
    return `macOS: ad-hoc signature, not notarized${hint}`;
  }
  const notarized = Boolean(env.APPLE_API_KEY ?? env.APPLE_ID ?? env.APPLE_KEYCHAIN_PROFILE);
  return `macOS: signed as ${name}, ${notarized ? 'notarized' : 'not notarized (no APPLE_* variables)'}`;
}
