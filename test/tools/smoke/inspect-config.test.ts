import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { describe, expect, it } from 'vitest';
import { inspectBuildConfig } from '../../../tools/smoke/inspect-config';
import { builderConfig } from '../../../tools/package-check/config-checks';
import { PROJECT_ROOT } from '../../helpers/headless-process';

describe("the window check's inspect build", () => {
  it('is electron-builder.yml with the inspect fuse on, as electron-builder merges it', async () => {
    const shipped = await builderConfig(PROJECT_ROOT);
    const inspect = await getConfig(PROJECT_ROOT, null, inspectBuildConfig({}, 'linux'));
    expect(shipped.electronFuses?.enableNodeCliInspectArguments).toBe(false);
    expect(inspect.electronFuses).toEqual({
      ...shipped.electronFuses,
      enableNodeCliInspectArguments: true,
    });
    expect(inspect.directories?.output).toBe('release-inspect');
    // The rest as shipped: the app, its asar, its signing.
    expect(inspect.appId).toBe(shipped.appId);
    expect(inspect.asar).toBe(true);
    expect(inspect.files).toEqual(shipped.files);
    expect(inspect.mac?.identity).toBe('-');
  });

  it('signs like the shipped macOS build: a Developer ID when CSC_NAME names one', () => {
    const name = 'Developer ID Application: Someone (ABCDE12345)';
    expect(inspectBuildConfig({ CSC_NAME: name }, 'darwin')).toMatchObject({
      mac: { identity: name },
      extraMetadata: { macSignature: 'developer-id' },
    });
    expect(inspectBuildConfig({ CSC_NAME: name }, 'linux')).not.toHaveProperty('mac');
  });
});
