// Checks on electron-builder's configuration as electron-builder itself reads it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Configuration } from 'app-builder-lib';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { TOAST_ACTIVATOR_CLSID } from '../../main/electron/early-setup';
import { APP_USER_MODEL_ID } from '../../main/electron/startup';

/** electron-builder.yml, resolved the way electron-builder resolves it. */
export function builderConfig(root: string): Promise<Configuration> {
  return getConfig(root, null, null);
}

/**
 * macOS: ad-hoc signed by default (unsigned apps get no popups since Electron 42), hardened runtime
 * with entitlements that let an ad-hoc signature load Electron's frameworks.
 */
export function macSigningProblems(config: Configuration, root: string): string[] {
  const mac = config.mac ?? {};
  const problems: string[] = [];
  if (mac.identity !== '-') problems.push(`mac.identity is ${String(mac.identity)}, expected "-"`);
  if (mac.hardenedRuntime === false) problems.push('mac.hardenedRuntime is off');
  for (const key of ['entitlements', 'entitlementsInherit'] as const) {
    const file = mac[key];
    if (typeof file !== 'string' || !existsSync(path.join(root, file))) {
      problems.push(`mac.${key} names no file (${String(file)})`);
      continue;
    }
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const entitlement of [
      'com.apple.security.cs.allow-jit',
      'com.apple.security.cs.disable-library-validation',
    ]) {
      if (!text.includes(`<key>${entitlement}</key>`))
        problems.push(`${file} lacks ${entitlement}`);
    }
  }
  return problems;
}

/**
 * Windows: a per-user install with no "for all users / only me" page (customInstallMode forces the
 * current user); the uninstaller, except during an update, removes the start-at-login value (named
 * after the AppUserModelID, which is appId), the Start-menu shortcut and the toast activator CLSID
 * key that Electron creates, for the CLSID the app sets.
 */
export function nsisUninstallProblems(config: Configuration, root: string): string[] {
  const include = config.nsis?.include;
  if (typeof include !== 'string') return ['nsis.include is not set'];
  const file = path.join(root, include);
  if (!existsSync(file)) return [`nsis.include names no file (${include})`];
  const text = readFileSync(file, 'utf8');
  const problems: string[] = [];
  if (config.nsis?.perMachine === true) problems.push('nsis.perMachine is on: UAC at every update');
  if (config.appId !== APP_USER_MODEL_ID)
    problems.push(
      `appId is ${String(config.appId)}, the app's AppUserModelID is ${APP_USER_MODEL_ID}`,
    );
  const mode = /!macro customInstallMode\b([\s\S]*?)!macroend/.exec(text)?.[1] ?? '';
  if (!/StrCpy \$isForceCurrentInstall "1"/.test(mode))
    problems.push(`${include}: customInstallMode does not force a per-user install`);
  const macro = /!macro customUnInstall\b([\s\S]*?)!macroend/.exec(text)?.[1];
  if (macro === undefined) return [...problems, `${include} has no customUnInstall macro`];
  const removal = /\$\{ifNot\} \$\{isUpdated\}([\s\S]*?)\$\{endif\}\s*$/.exec(macro)?.[1] ?? '';
  if (removal === '')
    problems.push(`${include}: customUnInstall removes nothing inside \${ifNot} \${isUpdated}`);
  for (const key of [RUN_KEY, STARTUP_APPROVED_KEY]) {
    if (!removal.includes(`DeleteRegValue HKCU "${key}" "\${APP_ID}"`))
      problems.push(`${include} does not delete the start-at-login value under ${key}`);
  }
  if (!removal.includes(`DeleteRegKey HKCU "Software\\Classes\\CLSID\\${TOAST_ACTIVATOR_CLSID}"`))
    problems.push(`${include} does not delete the CLSID key of ${TOAST_ACTIVATOR_CLSID}`);
  if (!/Delete "\$SMPROGRAMS\\\$\{PRODUCT_NAME\}\.lnk"/.test(removal))
    problems.push(`${include} does not delete the Start-menu shortcut`);
  return problems;
}

/** Where Electron's setLoginItemSettings writes on Windows (shell/browser/browser_win.cc). */
const RUN_KEY = 'Software\\Microsoft\\Windows\\CurrentVersion\\Run';
const STARTUP_APPROVED_KEY =
  'Software\\Microsoft\\Windows\\CurrentVersion\\Explorer\\StartupApproved\\Run';
/**
 * Native modules (better-sqlite3): unpacked from the asar (they cannot be loaded from inside it)
 * and rebuilt for Electron's Node when packaging for real (npmRebuild, electron-builder's default).
 */
export function nativeModuleProblems(config: Configuration): string[] {
  const rules = config.asarUnpack;
  const list = rules === undefined || rules === null ? [] : Array.isArray(rules) ? rules : [rules];
  const problems: string[] = [];
  if (!list.includes('**/*.node')) problems.push('asarUnpack does not unpack **/*.node');
  if (config.npmRebuild === false)
    problems.push("npmRebuild is off: native modules keep Node's ABI");
  return problems;
}

/**
 * Linux: the AppImage's runtime needs no libfuse2 (Ubuntu 24.04 installs none): electron-builder's
 * static runtime, `toolsets.appimage` 1.0.x; unset or "0.0.0" is the legacy FUSE 2 runtime
 * (app-builder-lib's AppImageTarget: buildLegacyFuse2AppImage).
 */
export function appImageRuntimeProblems(config: Configuration): string[] {
  const version = config.toolsets?.appimage;
  if (version === undefined || version === null || version === '0.0.0')
    return [`toolsets.appimage is ${String(version)}: the AppImage would need libfuse2`];
  return [];
}
