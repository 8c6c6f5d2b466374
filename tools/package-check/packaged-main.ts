// Checks on the main file as packaged: what it imports, and that it starts on its own.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { extractFile } from '@electron/asar';
import { build } from 'esbuild';

/** Every module the file loads: static and dynamic imports, `require` calls. */
export async function importsOf(file: string): Promise<string[]> {
  const seen = new Set<string>();
  await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    plugins: [
      {
        name: 'record-imports',
        setup(builder) {
          builder.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point') return undefined;
            seen.add(args.path);
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return [...seen].sort();
}

/** Imports other than `electron` and `node:` builtins (what the bundle must not have). */
export function foreignImports(imports: readonly string[]): string[] {
  const builtins = new Set(builtinModules);
  return imports.filter(
    (name) =>
      name !== 'electron' &&
      !(name.startsWith('node:') && builtins.has(name.slice('node:'.length))),
  );
}

/**
 * Runs the packaged main against the stub Electron, from a folder holding only the asar's
 * package.json and dist/main, and better-sqlite3's native module where the bundle looks for it
 * (`nativeModule`, the unpacked one; no other node_modules: the main must need none). Resolves
 * with the log line that says it started, or rejects with what it printed.
 */
export async function startsAgainstStub(
  asarPath: string,
  stubRegister: string,
  nativeModule: string | undefined,
  timeoutMs = 30_000,
): Promise<string> {
  const work = mkdtempSync(path.join(path.dirname(asarPath), 'main-run-'));
  const appDir = path.join(work, 'app');
  mkdirSync(path.join(appDir, 'dist', 'main'), { recursive: true });
  writeFileSync(path.join(appDir, 'package.json'), extractFile(asarPath, 'package.json'));
  writeFileSync(
    path.join(appDir, 'dist', 'main', 'main.js'),
    extractFile(asarPath, 'dist/main/main.js'),
  );
  if (nativeModule !== undefined) {
    const target = path.join(appDir, 'node_modules', 'better-sqlite3', 'build', 'Release');
    mkdirSync(target, { recursive: true });
    copyFileSync(nativeModule, path.join(target, path.basename(nativeModule)));
  }
  const userData = path.join(work, 'userData');
  mkdirSync(userData, { recursive: true });
  // Port 0 and no recorder: nothing outside this machine, nothing bound to a fixed port.
  writeFileSync(
    path.join(userData, 'settings.json'),
    JSON.stringify({ version: 1, listener: { host: '127.0.0.1', port: 0 }, recorder: { url: '' } }),
  );
  const child = spawn(process.execPath, ['--import', stubRegister, 'dist/main/main.js'], {
    cwd: appDir,
    env: {
      ...process.env,
      STUB_ELECTRON_USER_DATA: userData,
      STUB_ELECTRON_LOGS: path.join(work, 'logs'),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  try {
    return await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no start within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const line = /started [^\n]*webhook URL [^\n]*/.exec(output)?.[0];
        if (line !== undefined) {
          clearTimeout(timer);
          resolve(line);
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`exited with ${code} before starting`));
      });
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}: ${output.slice(-800)}`, { cause: error });
  } finally {
    child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  }
}

/** Writes the packaged main file out of the asar into `work`; returns its path. */
export function packagedMainPath(asarPath: string, work: string): string {
  const file = path.join(work, 'packaged-main.js');
  writeFileSync(file, extractFile(asarPath, 'dist/main/main.js'));
  return file;
}
