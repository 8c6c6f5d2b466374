import { execFile } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Writes a real 2-second FLV (H.264 + AAC, lavfi's test sources) with Debian's ffmpeg: what the
 * recorder writes, small enough for a test.
 */
export async function makeFlv(file: string, seconds = 2): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await run('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=320x240:rate=25`,
    '-f',
    'lavfi',
    '-i',
    `sine=duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-f',
    'flv',
    '-y',
    file,
  ]);
}

/** What ffprobe reads of a media file: its container and streams' codecs, its duration. */
export async function probe(
  file: string,
): Promise<{ format: string; codecs: string[]; duration: number }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=format_name,duration:stream=codec_name',
    '-of',
    'json',
    file,
  ]);
  const parsed = JSON.parse(stdout) as {
    format: { format_name: string; duration: string };
    streams: { codec_name: string }[];
  };
  return {
    format: parsed.format.format_name,
    codecs: parsed.streams.map((s) => s.codec_name),
    duration: Number(parsed.format.duration),
  };
}

/** An rclone config in `dir` with a `local` remote named `box`; point RCLONE_CONFIG at the path. */
export async function rcloneLocalConfig(dir: string): Promise<string> {
  const config = join(dir, 'rclone.conf');
  await writeFile(config, '[box]\ntype = local\n');
  return config;
}

/**
 * A node script as a program of the user's own: it appends its argv (JSON, one line per run) to
 * `log`; with `waitFor`, it first waits until that file exists (a slow step a test releases). Run
 * it as `node <script> …` (`program: process.execPath`): Windows starts no `#!` script by itself.
 */
export async function argvRecorder(
  dir: string,
  log: string,
  options: { waitFor?: string; exitCode?: number; stderr?: string } = {},
): Promise<string> {
  const script = join(dir, 'record-argv.mjs');
  await writeFile(
    script,
    `#!/usr/bin/env node
import { appendFileSync, existsSync } from 'node:fs';
const waitFor = ${JSON.stringify(options.waitFor ?? null)};
const started = Date.now();
while (waitFor && !existsSync(waitFor)) await new Promise((r) => setTimeout(r, 50));
appendFileSync(${JSON.stringify(log)}, JSON.stringify({ argv: process.argv.slice(2), pid: process.pid, started }) + '\\n');
${options.stderr ? `process.stderr.write(${JSON.stringify(options.stderr)});` : ''}
process.exit(${options.exitCode ?? 0});
`,
  );
  await chmod(script, 0o755);
  return script;
}
