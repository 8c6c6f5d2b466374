import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHeadless, type HeadlessProcess } from './headless-process';

/**
 * Runs headless mode without `--data-dir`, the environment pointed at a temp folder (`home`), and
 * stops it cleanly: where the OS's own rule put its data (`dataDir` of the ready line) and what
 * it wrote there. `running` gets the process (for afterEach's killAll).
 */
export async function defaultDataDirRun(
  running: HeadlessProcess[],
  env: (home: string) => NodeJS.ProcessEnv,
): Promise<{ home: string; dataDir: string; files: string[] }> {
  const home = await mkdtemp(join(tmpdir(), 'headless-home-'));
  const p = startHeadless(['--port', '0', '--no-desktop'], env(home));
  running.push(p);
  const ready = await p.waitFor((l) => l.type === 'ready');
  const code = await p.stop();
  if (code !== 0) throw new Error(`headless exited ${code}: ${p.stderr.join('\n')}`);
  const dataDir = String(ready.dataDir);
  return { home, dataDir, files: await readdir(dataDir) };
}
