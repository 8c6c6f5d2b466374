import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { parseJsonText } from '../../shared/parse';
import { errorCode } from '../core/log-text';

/**
 * The package.json field a build says its macOS signature in. electron-builder.yml signs ad hoc;
 * `npm run dist` with a Developer ID identity adds `-c.extraMetadata.macSignature=developer-id`,
 * which electron-builder writes into the packaged package.json. Absent: ad hoc.
 */
export const MAC_SIGNATURE_FIELD = 'macSignature';

const PackageJson = z.object({ [MAC_SIGNATURE_FIELD]: z.string().max(40).optional() });

/** What the installed files say about how this copy was built and installed. */
export interface InstallFiles {
  /** `resources/package-type`: deb, rpm or pacman for a system package (electron-builder's FpmTarget). */
  packageType: string | undefined;
  macSignature: string | undefined;
  /** `resources/app-update.yml`: where the release feed is (electron-builder writes it). */
  appUpdateYml: string | undefined;
}

/** Reads them; a file that is missing or unreadable says nothing (warned unless missing). */
export async function readInstallFiles(
  input: { resourcesPath: string; appPath: string },
  warn: (message: string) => void,
): Promise<InstallFiles> {
  const text = async (file: string) => {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') warn(`updates: cannot read ${file}: ${errorCode(error)}`);
      return undefined;
    }
  };
  const [packageType, appUpdateYml, packageJson] = await Promise.all([
    text(join(input.resourcesPath, 'package-type')),
    text(join(input.resourcesPath, 'app-update.yml')),
    text(join(input.appPath, 'package.json')),
  ]);
  const json = packageJson === undefined ? undefined : parseJsonText(packageJson);
  const parsed = json?.ok ? PackageJson.safeParse(json.value) : undefined;
  return {
    packageType: packageType?.trim() || undefined,
    macSignature: parsed?.success ? parsed.data[MAC_SIGNATURE_FIELD] : undefined,
    appUpdateYml,
  };
}
