// `tsx tools/smoke/inspect-build.ts`: an unpacked build (`--dir`) of this OS made only for the
// smoke test's window check, into release-inspect/. It differs from the shipped one in one fuse:
// EnableNodeCliInspectArguments on, which Playwright's _electron needs to drive the app (it
// starts it with --inspect). Never published: the release workflow uploads only release/.
import path from 'node:path';
import { build, Platform } from 'electron-builder';
import { MAC_SIGNATURE_FIELD, macSigningArgs } from '../installers/mac-signing';

/** Where the inspectable build goes (apart from release/, which holds what is published). */
export const INSPECT_OUTPUT = 'release-inspect';

const root = path.resolve(import.meta.dirname, '..', '..');
// electron-builder merges this over electron-builder.yml (deepAssign): every other fuse and
// setting stays as shipped.
await build({
  projectDir: root,
  targets: Platform.current().createTarget('dir'),
  publish: 'never',
  config: {
    electronFuses: { enableNodeCliInspectArguments: true },
    directories: { output: INSPECT_OUTPUT },
    // The same identity as the shipped build (ad hoc unless CSC_NAME names a Developer ID).
    ...(macSigningArgs(process.env, process.platform).length > 0
      ? {
          mac: { identity: process.env.CSC_NAME!.trim() },
          extraMetadata: { [MAC_SIGNATURE_FIELD]: 'developer-id' },
        }
      : {}),
  },
});
console.log(`inspect-build: ${path.join(root, INSPECT_OUTPUT)}`);
