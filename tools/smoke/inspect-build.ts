// `tsx tools/smoke/inspect-build.ts`: an unpacked build (`--dir`) of this OS made only for the
// smoke test's window check, into release-inspect/ (tools/smoke/inspect-config.ts: the shipped
// configuration with the inspect fuse on). Never published: the release workflow uploads only
// what the build job put in release/.
import path from 'node:path';
import { build, Platform } from 'electron-builder';
import { INSPECT_OUTPUT, inspectBuildConfig } from './inspect-config';

const root = path.resolve(import.meta.dirname, '..', '..');
await build({
  projectDir: root,
  targets: Platform.current().createTarget('dir'),
  publish: 'never',
  config: inspectBuildConfig(process.env, process.platform),
});
console.log(`inspect-build: ${path.join(root, INSPECT_OUTPUT)}`);
