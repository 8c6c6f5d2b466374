import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest mtime (ms) of a file, or of a folder and everything below it; 0 when missing. */
export function newestMtime(target: string): number {
  let stats;
  try {
    stats = statSync(target);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file shows as a newer folder
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** The build outputs `npm start` needs, relative to the repository. */
export const BUILD_OUTPUTS = [
  'dist/main/main.js',
  'dist/preload/preload.cjs',
  'dist/renderer/index.html',
  'dist/icons/app.png',
] as const;

/** What the build reads, relative to the repository (folders are walked). */
export const BUILD_INPUTS = [
  'main',
  'shared',
  'renderer',
  'build/icons',
  'tools/build-app.ts',
  'tools/build',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
] as const;

/**
 * Whether dist/ must be built again: an output is missing, or a source changed after the oldest
 * output was written. Times are mtimes in ms; undefined marks a missing output.
 */
export function needsBuild(
  outputTimes: readonly (number | undefined)[],
  newestInputTime: number,
): boolean {
  if (outputTimes.length === 0 || outputTimes.some((time) => time === undefined)) return true;
  const oldestOutput = Math.min(...(outputTimes as number[]));
  return newestInputTime > oldestOutput;
}
