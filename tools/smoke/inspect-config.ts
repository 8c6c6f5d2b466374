// The configuration of the build made only for the smoke test's window check: electron-builder.yml
// with one fuse flipped, merged over it the way electron-builder merges a configuration passed to
// build() (app-builder-lib's getConfig: deepAssign over the file's).
import type { Configuration } from 'electron-builder';
import { MAC_SIGNATURE_FIELD, macSigningArgs } from '../installers/mac-signing';

/** Where the inspectable build goes (apart from release/, which holds what is published). */
export const INSPECT_OUTPUT = 'release-inspect';

/**
 * What the inspect build changes: EnableNodeCliInspectArguments on, which Playwright's _electron
 * needs (it starts the app with --inspect); its own output folder; on macOS the same identity as the
 * shipped build (ad hoc unless CSC_NAME names a Developer ID). Everything else stays as shipped.
 */
export function inspectBuildConfig(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
): Configuration {
  const developerId = macSigningArgs(env, platform).length > 0;
  return {
    electronFuses: { enableNodeCliInspectArguments: true },
    directories: { output: INSPECT_OUTPUT },
    ...(developerId
      ? {
          mac: { identity: env.CSC_NAME!.trim() },
          extraMetadata: { [MAC_SIGNATURE_FIELD]: 'developer-id' },
        }
      : {}),
  };
}
