// What the smoke test expects of an artifact by its kind: which file of a build's several to
// install on this runner (the Mac build makes an Intel and an Apple silicon dmg), and the update
// route the installed app must log (main/features/updates/core/update-route.ts decides it from how
// the app was installed; a wrong one is a packaging mistake no other step sees).

/** The update routes as the desktop app logs them. */
export type LoggedRoute = 'restart to update' | 'install' | 'download';

/**
 * The route an installed artifact must log: the NSIS installer and the AppImage restart to update;
 * the deb installs through pkexec when the user chooses (resources/package-type = deb); a Mac build
 * restarts to update only with a Developer ID signature (`MAC_SIGNED=true`, set from the workflow's
 * secrets), an ad-hoc one offers the download.
 */
export function expectedUpdateRoute(installer: string, env: NodeJS.ProcessEnv): LoggedRoute {
  if (installer.endsWith('.deb')) return 'install';
  if (installer.endsWith('.dmg'))
    return env.MAC_SIGNED === 'true' ? 'restart to update' : 'download';
  return 'restart to update';
}

/**
 * The installer of `arch` among a build's files (electron-builder names the arm64 dmg
 * `…-arm64.dmg` and the x64 one without a suffix); without `arch`, the only file given.
 */
export function pickInstaller(files: readonly string[], arch: string | undefined): string {
  const armLike = (file: string) => /[-_]arm64(\.|-)/.test(file);
  const matching =
    arch === undefined
      ? files
      : files.filter((file) => (arch === 'arm64' ? armLike(file) : !armLike(file)));
  if (matching.length !== 1)
    throw new Error(
      `${matching.length} installers for ${arch ?? 'this runner'} among ${files.join(', ') || 'none'}`,
    );
  return matching[0]!;
}
